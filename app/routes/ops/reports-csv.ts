import type { Route } from './+types/reports-csv'
import { reportCsvResponse } from '~/staff/reports-page.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return reportCsvResponse(context, request, params.file)
}
