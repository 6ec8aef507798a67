import { redirect } from 'react-router'
import type { Route } from './+types/sign-out'
import { signOutAction } from '~/staff/ops-pages.server'

/** Signs this browser out (its session revoked) and goes back to the sign-in page. */
export async function action({ request }: Route.ActionArgs) {
  return signOutAction(request)
}

/** A GET here (a bookmarked form target) just goes to the board. */
export function loader() {
  return redirect('/ops', { headers: { 'Cache-Control': 'no-store' } })
}
