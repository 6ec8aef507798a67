import type { Route } from './+types/uetds-document'
import { tripDocumentResponse } from '~/compliance/trip-document.server'

export async function loader({ request, params }: Route.LoaderArgs) {
  return tripDocumentResponse(request, params.reference)
}
