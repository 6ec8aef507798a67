import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/**
 * Every path the site serves, grouped by area.
 */
export default [
  // Company site
  index('routes/site/home.tsx'),
  route('home', 'routes/site/home.tsx', { id: 'home-alias' }),
  route('about', 'routes/site/about.tsx'),
  route('contact', 'routes/site/contact.tsx'),
  route('our-team', 'routes/site/our-team.tsx'),
  route('team-single/:id', 'routes/site/team-single.tsx'),
  route('login', 'routes/site/login.tsx'),
  route('register', 'routes/site/register.tsx'),
  // A traveller's own account: its bookings and saved details, the page an
  // e-mailed link opens, a new password asked for, and signing out.
  route('account', 'routes/account/account.tsx'),
  route('account/link', 'routes/account/link.tsx'),
  route('account/forgot-password', 'routes/account/forgot-password.tsx'),
  route('account/sign-out', 'routes/account/sign-out.ts'),
  // Everything held about the signed-in traveller, as a JSON file (no-store).
  route('account/your-data.json', 'routes/account/your-data-json.ts'),
  route('pricing', 'routes/site/pricing.tsx'),
  route('coming-soon', 'routes/site/coming-soon.tsx'),
  route('page-not-found', 'routes/site/page-not-found.tsx'),

  // Legal pages share one module; the path names the document.
  route('privacy-policy', 'routes/site/legal.tsx', { id: 'legal-privacy-policy' }),
  route('terms', 'routes/site/legal.tsx', { id: 'legal-terms' }),
  route('distance-agreement', 'routes/site/legal.tsx', { id: 'legal-distance-agreement' }),

  // Fleet and services
  route('fleet-list', 'routes/site/fleet-list.tsx'),
  route('fleet-single', 'routes/site/fleet-single-index.tsx'),
  route('fleet-single/:id', 'routes/site/fleet-single.tsx'),
  route('services', 'routes/site/services.tsx'),
  route('services/:slug', 'routes/site/service-single.tsx'),

  // Blog: three list layouts, the canonical post URL and the older one.
  route('blog-grid', 'routes/site/blog-index.tsx', { id: 'blog-grid' }),
  route('blog-grid-2', 'routes/site/blog-index.tsx', { id: 'blog-grid-2' }),
  route('blog-list', 'routes/site/blog-index.tsx', { id: 'blog-list' }),
  route('blog/:id/:slug?', 'routes/site/blog-single.tsx'),
  route('blog-single/:id', 'routes/site/blog-single-redirect.tsx'),

  // Pages with a traveller's own data: the layout sends Cache-Control: no-store
  // with each of them. A new page showing booking or payment details goes here.
  layout('routes/booking/private-pages.tsx', [
    // Booking flow
    route('booking-vehicle', 'routes/booking/booking-vehicle.tsx'),
    route('booking-extra', 'routes/booking/booking-extra.tsx'),
    route('booking-passenger', 'routes/booking/booking-passenger.tsx'),
    route('booking-payment', 'routes/booking/booking-payment.tsx'),
    route('booking-received', 'routes/booking/booking-received.tsx'),
    route('booking-completion', 'routes/booking/booking-completion.tsx'),
    route('invoice', 'routes/booking/invoice.tsx'),
    route('booking-voucher', 'routes/booking/booking-voucher.tsx'),
    // The traveller's side of a paid booking: find it again, change it, cancel it,
    // and the read-only page they share with someone meeting them.
    route('manage-booking', 'routes/booking/manage-booking.tsx'),
    route('booking-change', 'routes/booking/booking-change.tsx'),
    route('booking-cancel', 'routes/booking/booking-cancel.tsx'),
    route('shared-booking', 'routes/booking/shared-booking.tsx'),
    // After the ride: the traveller's review.
    route('ride-review', 'routes/booking/ride-review.tsx'),
    // The built-in payment simulator's hosted page
    route('payment-simulator/:token', 'routes/payment/payment-simulator.tsx'),
  ]),

  // Payment: the provider's callback
  route('payment/callback', 'routes/resources/payment-callback.ts'),
  route('payment/tip-callback', 'routes/resources/tip-callback.ts'),
  // Messages: the provider's delivery reports and what recipients write back
  route('webhooks/twilio/status', 'routes/resources/twilio-status.ts'),
  route('webhooks/twilio/inbound', 'routes/resources/twilio-inbound.ts'),
  // The short link in text messages: on to the booking's signed link
  route('r/:code', 'routes/resources/short-link.ts'),

  // A paid booking's ride status (JSON, polled by its pages), its calendar file and
  // its official invoice's PDF:
  // private, each sends Cache-Control: no-store itself.
  route('booking-status', 'routes/resources/booking-status.ts'),
  route('booking-calendar', 'routes/resources/booking-calendar.ts'),
  route('invoice-document', 'routes/resources/invoice-document.ts'),

  // Resources (no UI)
  route('resources/language', 'routes/resources/language.ts'),
  route('healthz', 'routes/resources/healthz.ts'),
  route('readyz', 'routes/resources/readyz.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),

  // The company's side: staff sign in, the board, a booking's record. The layout
  // sends Cache-Control: no-store with each page.
  layout('routes/ops/layout.tsx', [
    route('ops', 'routes/ops/board.tsx'),
    route('ops/sign-in', 'routes/ops/sign-in.tsx'),
    route('ops/sign-in/code', 'routes/ops/sign-in-code.tsx'),
    route('ops/security', 'routes/ops/security.tsx'),
    route('ops/bookings/:reference', 'routes/ops/booking.tsx'),
    route('ops/run-sheet', 'routes/ops/run-sheet.tsx'),
    route('ops/timeline', 'routes/ops/timeline.tsx'),
    route('ops/cars', 'routes/ops/cars.tsx'),
    route('ops/staff', 'routes/ops/staff.tsx'),
    route('ops/staff/:id', 'routes/ops/staff-account.tsx'),
    // Dispatch: drivers, vehicles, a booking's driver and vehicle, a driver's own jobs.
    route('ops/drivers', 'routes/ops/drivers.tsx'),
    route('ops/drivers/:id', 'routes/ops/driver-edit.tsx'),
    route('ops/drivers/:id/settlement', 'routes/ops/driver-settlement.tsx'),
    route('ops/vehicles', 'routes/ops/vehicles.tsx'),
    route('ops/vehicles/:id', 'routes/ops/vehicle-edit.tsx'),
    route('ops/capacity', 'routes/ops/capacity.tsx'),
    route('ops/compliance', 'routes/ops/compliance.tsx'),
    route('ops/prices', 'routes/ops/prices.tsx'),
    route('ops/prices/draft', 'routes/ops/price-draft.tsx'),
    route('ops/prices/:id', 'routes/ops/price-version.tsx'),
    route('ops/rates', 'routes/ops/rates.tsx'),
    route('ops/reports', 'routes/ops/reports.tsx'),
    route('ops/reviews', 'routes/ops/reviews.tsx'),
    route('ops/promo-codes', 'routes/ops/promo-codes.tsx'),
    route('ops/promo-codes/:id', 'routes/ops/promo-code-edit.tsx'),
    route('ops/companies', 'routes/ops/companies.tsx'),
    route('ops/companies/:id', 'routes/ops/company.tsx'),
    route('ops/companies/:id/statements/:month', 'routes/ops/company-statement.tsx'),
    route('ops/bookings/:reference/assign', 'routes/ops/assign.tsx'),
    route('ops/jobs', 'routes/ops/jobs.tsx'),
    route('ops/jobs/settlement', 'routes/ops/own-settlement.tsx'),
    route('ops/bookings/:reference/cancel', 'routes/ops/cancel.tsx'),
    route('ops/bookings/:reference/message', 'routes/ops/message.tsx'),
    route('ops/bookings/:reference/manifest', 'routes/ops/manifest.tsx'),
  ]),
  route('ops/sign-out', 'routes/ops/sign-out.ts'),
  route('ops/bookings/:reference/refund', 'routes/ops/refund-retry.ts'),
  route('ops/bookings/:reference/tip-refund', 'routes/ops/tip-refund.ts'),
  route('ops/board-data', 'routes/ops/board-data.ts'),
  route('ops/jobs/position', 'routes/ops/job-position.ts'),
  route('ops/board.csv', 'routes/ops/board-csv.ts'),
  route('ops/bookings/:reference/uetds-document', 'routes/ops/uetds-document.ts'),
  route('ops/compliance/uetds.csv', 'routes/ops/uetds-csv.ts'),
  route('ops/reports/:file', 'routes/ops/reports-csv.ts'),
  route('ops/companies/:id/statements/:month.csv', 'routes/ops/company-statement-csv.ts'),
  route('ops/drivers/:id/settlement.csv', 'routes/ops/driver-settlement-csv.ts'),

  // Businesses: a company's people sign in, see its bookings and book for guests
  // through the storefront's steps. Each page sends Cache-Control: no-store.
  route('partners', 'routes/partners/home.tsx'),
  route('partners/sign-in', 'routes/partners/sign-in.tsx'),
  route('partners/sign-out', 'routes/partners/sign-out.ts'),

  // Anything else: the translated not-found page, answered with 404.
  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig
