import type { Route } from './+types/twilio-inbound'
import { inboundMessagePath } from '~/adapters/messaging/configured.server'
import { receiveInboundMessage } from '~/messages/webhooks.server'

/** Messages recipients send to our numbers (STOP, START), posted by Twilio, signed. */
export function action({ request }: Route.ActionArgs) {
  return receiveInboundMessage(request, inboundMessagePath)
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}
