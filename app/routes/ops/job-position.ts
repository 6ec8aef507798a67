import type { Route } from './+types/job-position'
import { positionResourceAction } from '~/staff/position-share.server'

export async function action({ request }: Route.ActionArgs) {
  return positionResourceAction(request)
}
