import { redirect } from 'react-router'
import type { Route } from './+types/sign-out'
import { partnerSignOutAction } from '~/partners/partner-pages.server'

/** Signs this browser out (its session revoked) and goes back to the sign-in page. */
export async function action({ request }: Route.ActionArgs) {
  return partnerSignOutAction(request)
}

/** A GET here (a bookmarked form target) signs no one out: on to the company's page. */
export function loader() {
  return redirect('/partners', { headers: { 'Cache-Control': 'no-store' } })
}
