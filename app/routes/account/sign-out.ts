import { redirect } from 'react-router'
import type { Route } from './+types/sign-out'
import { signOutAction } from '~/accounts/account-pages.server'

/** Signs this browser out (its session revoked) and goes to the sign-in page. */
export async function action({ request }: Route.ActionArgs) {
  return signOutAction(request)
}

/** A GET here (a bookmarked form target) signs no one out: on to the account. */
export function loader() {
  return redirect('/account', { headers: { 'Cache-Control': 'no-store' } })
}
