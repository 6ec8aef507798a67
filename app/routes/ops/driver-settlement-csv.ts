import type { Route } from './+types/driver-settlement-csv'
import { driverSettlementCsv } from '~/staff/settlement-pages.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return driverSettlementCsv(context, request, params.id)
}
