import { Form, isRouteErrorResponse, Outlet } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/layout'
import opsCss from '~/styles/ops.css?url'
import { staffLayoutData } from '~/staff/ops-pages.server'
import { staffPageHeaders } from '~/staff/guard.server'
import { roleMay } from '~/domain/staff/roles'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'

/**
 * The layout of every staff page (/ops): no copy kept by a browser or proxy
 * (child routes export no `headers` of their own, which would replace these),
 * and a bar naming who is signed in, with the board and sign-out.
 *
 * The session cookie's path is /ops, and the data URL of a client-side
 * navigation to the board itself would be /ops.data, which that path does not
 * cover: the browser would ask without the cookie and be sent to sign in. So
 * everything that leads to the board (these links, the day form, sign-in and
 * sign-out) loads it as a document; pages below /ops/ may navigate in place.
 */
/**
 * No staff page is hydrated: their forms are checked by app/enhancements/form-check.ts
 * and the board keeps itself current with board-refresh.ts.
 */
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export const headers: Route.HeadersFunction = () => staffPageHeaders

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: opsCss }]

export async function loader({ request }: Route.LoaderArgs) {
  return { staff: await staffLayoutData(request) }
}

export default function OpsLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { staff } = loaderData
  return (
    <div className="container ops">
      {staff ? (
        <div className="ops-bar">
          <nav className="ops-bar__nav" aria-label={t('ops.nav.label')}>
            {roleMay(staff.role, 'bookings.view') ? (
              <>
                <a href="/ops">{t('ops.nav.board')}</a>
                <a href="/ops/timeline">{t('ops.nav.timeline')}</a>
                <a href="/ops/cars">{t('ops.nav.cars')}</a>
              </>
            ) : null}
            {roleMay(staff.role, 'dispatch.manage') ? (
              <>
                <a href="/ops/drivers">{t('ops.nav.drivers')}</a>
                <a href="/ops/vehicles">{t('ops.nav.vehicles')}</a>
              </>
            ) : null}
            {roleMay(staff.role, 'bookings.view') ? (
              <a href="/ops/capacity">{t('opsCapacity.nav')}</a>
            ) : null}
            {roleMay(staff.role, 'prices.view') ? (
              <>
                <a href="/ops/prices">{t('ops.nav.prices')}</a>
                <a href="/ops/rates">{t('ops.nav.rates')}</a>
                <a href="/ops/reports">{t('ops.nav.reports')}</a>
                <a href="/ops/promo-codes">{t('ops.nav.promoCodes')}</a>
              </>
            ) : null}
            {roleMay(staff.role, 'companies.view') ? (
              <a href="/ops/companies">{t('opsCompanies.nav')}</a>
            ) : null}
            {roleMay(staff.role, 'jobs.own') ? <a href="/ops/jobs">{t('ops.nav.jobs')}</a> : null}
            {roleMay(staff.role, 'staff.manage') ? (
              <a href="/ops/staff">{t('ops.nav.staff')}</a>
            ) : null}
            {roleMay(staff.role, 'bookings.view') ? (
              <a href="/ops/security">{t('ops.nav.security')}</a>
            ) : null}
          </nav>
          <p className="ops-bar__who">
            {t('ops.nav.signedInAs', { name: staff.name, role: t(`ops.roles.${staff.role}`) })}
          </p>
          <Form method="post" action="/ops/sign-out" reloadDocument>
            <button type="submit" className="button button--ghost">
              {t('ops.nav.signOut')}
            </button>
          </Form>
        </div>
      ) : null}
      <Outlet />
    </div>
  )
}

/**
 * A staff page that cannot be shown (a role that may not, an unknown
 * reference) is answered here, inside the layout, so the answer carries the
 * layout's headers too.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const key = status === 403 ? 'forbidden' : status === 404 ? 'notFound' : 'failed'
  return (
    <div className="container ops">
      <section aria-labelledby="ops-error-title">
        <title>{t(`ops.errors.${key}.title`)}</title>
        <h1 id="ops-error-title">{t(`ops.errors.${key}.title`)}</h1>
        <p>{t(`ops.errors.${key}.text`)}</p>
        <p>
          <a href="/ops">{t('ops.booking.back')}</a>
        </p>
        <form method="post" action="/ops/sign-out">
          <button type="submit" className="button button--ghost">
            {t('ops.nav.signOut')}
          </button>
        </form>
      </section>
    </div>
  )
}
