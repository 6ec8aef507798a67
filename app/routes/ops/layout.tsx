import { isRouteErrorResponse, Outlet } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/layout'
import opsCss from '~/styles/ops.css?url'
import { staffLayoutData } from '~/staff/ops-pages.server'
import { staffPageHeaders } from '~/staff/guard.server'
import { loadAsDocument, officePageHandle } from '~/utils/hydrate-handle'

/**
 * The layout of every staff page (/ops): no copy kept by a browser or proxy
 * (child routes export no `headers` of their own, which would replace these),
 * in the back office's own shell (the root renders its header, OfficeHeader,
 * from this layout's data: who is signed in).
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
export const handle = officePageHandle
export const clientLoader = loadAsDocument

export const headers: Route.HeadersFunction = () => staffPageHeaders

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: opsCss }]

export async function loader({ request }: Route.LoaderArgs) {
  return { staff: await staffLayoutData(request) }
}

/** The page itself; the office's header around it is the root's (OfficeHeader). */
export default function OpsLayout() {
  return (
    <div className="container ops">
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
