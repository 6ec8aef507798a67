import type { Route } from './+types/uetds-csv'
import { uetdsCsvResponse } from '~/compliance/uetds-csv.server'

export async function loader({ request }: Route.LoaderArgs) {
  return uetdsCsvResponse(request)
}
