import type { Route } from './+types/board-csv'
import { boardCsvResponse } from '~/staff/board-exports.server'

export async function loader({ context, request }: Route.LoaderArgs) {
  return boardCsvResponse(context, request)
}
