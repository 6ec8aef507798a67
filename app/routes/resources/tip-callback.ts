import { redirect } from 'react-router'
import type { Route } from './+types/tip-callback'
import { tipCallbackAction } from '~/tips/tip-callback.server'

/**
 * Where the payment provider POSTs a tip's token after its card form (a
 * resource route: the provider posts from its own origin; only the token is read).
 */
export async function action({ request }: Route.ActionArgs) {
  return tipCallbackAction(request)
}

/** A GET here (a bookmark, the back button) has nothing to settle. */
export function loader() {
  return redirect('/', 303)
}
