import type { Route } from './+types/twilio-status'
import { deliveryReportPath } from '~/adapters/messaging/configured.server'
import { receiveDeliveryReport } from '~/messages/webhooks.server'

/** Twilio's delivery reports of our SMS and WhatsApp messages (signed POSTs). */
export function action({ request }: Route.ActionArgs) {
  return receiveDeliveryReport(request, deliveryReportPath)
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}
