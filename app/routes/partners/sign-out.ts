import type { Route } from './+types/sign-out'
import { partnerSignOutAction } from '~/partners/partner-pages.server'

export async function action({ request }: Route.ActionArgs) {
  return partnerSignOutAction(request)
}
