import type { RouterContextProvider } from 'react-router'
import { pageContext } from '~/utils/page-context.server'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { containedVat } from '~/domain/booking/invoice-amounts'
import { istanbulDate } from '~/domain/booking-window'
import { buyerTaxOf } from '~/domain/billing/buyer-tax'
import { getDatabase } from '~/db/db.server'
import { officialInvoiceOf } from './official-invoice.server'

type Context = Readonly<RouterContextProvider>

/**
 * The invoice of a paid booking. Every figure comes from the stored booking,
 * and the 20 % VAT is shown as contained in the total the traveller paid. Only the browser that made the booking or the
 * holder of the e-mail's signed link sees it; anyone else, and any booking not
 * paid, gets the not-found page, which reveals nothing.
 */
export async function invoicePageData(context: Context, request: Request) {
  const { language, site, meta } = pageContext(context, request)
  const { booking, view, linkTo } = await requirePaidBooking(request, { language, site })
  return {
    language,
    company: {
      brand: site.brand,
      legalName: site.legalName,
      address: site.address,
      registration: site.registration,
      tursabCode: site.tursabCode,
      email: site.email,
      phone: site.phone,
    },
    number: booking.reference,
    issued: istanbulDate(new Date(booking.confirmed_at ?? booking.updated_at)),
    billedTo: {
      name: [booking.billing_first_name, booking.billing_last_name]
        .filter((part) => part?.trim())
        .join(' '),
      company: booking.billing_company,
      tax: buyerTaxOf(booking),
      address: booking.billing_address,
      city: [booking.billing_zipcode, booking.billing_city]
        .filter((part) => part?.trim())
        .join(' '),
      country: booking.billing_country,
      email: booking.email,
    },
    trip: {
      from: view.trip.pickup.name,
      to: view.trip.destination.name,
      date: view.trip.date,
      time: view.trip.time,
      hire: view.trip.hire,
      back: view.trip.back
        ? {
            from: view.trip.back.from,
            to: view.trip.back.to,
            date: view.trip.back.date,
            time: view.trip.back.time,
            minor: view.trip.back.vehicleMinor,
          }
        : null,
    },
    rides: view.rides,
    vehicle: { title: view.vehicle.title, minor: view.vehicleMinor },
    extras: view.extras,
    currency: view.currency,
    // A promo code's discount is a line of its own; the VAT is inside what is really charged.
    promo: view.promo,
    totalMinor: view.payableMinor,
    ...containedVat(view.payableMinor),
    payment: { ...view.payment, id: booking.payment_id },
    // Opened through the signed link, 'back' keeps it so it still works.
    backHref: linkTo('/booking-received'),
    official: await officialInvoiceOf((await getDatabase()).db, booking.id),
    officialHref: linkTo('/invoice-document'),
    meta: meta('invoice', { noindex: true }),
  }
}
