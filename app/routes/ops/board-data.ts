import type { Route } from './+types/board-data'
import { boardDataResponse } from '~/staff/board-exports.server'

export async function loader({ context, request }: Route.LoaderArgs) {
  return boardDataResponse(context, request)
}
