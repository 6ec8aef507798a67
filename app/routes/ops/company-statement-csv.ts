import type { Route } from './+types/company-statement-csv'
import { statementCsvResponse } from '~/staff/company-pages.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return statementCsvResponse(context, request, params.id, params.month)
}
