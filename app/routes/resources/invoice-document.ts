import type { Route } from './+types/invoice-document'
import { officialInvoiceResponse } from '~/traveller/official-invoice.server'

export async function loader({ context, request }: Route.LoaderArgs) {
  return officialInvoiceResponse(context, request)
}
