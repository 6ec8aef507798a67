import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import { isTwilioSignatureValid } from '~/adapters/messaging/twilio-signature'
import { logger } from '~/utils/logger.server'
import { recordDeliveryReport, recordInboundMessage } from './provider-reports.server'

/**
 * The two addresses Twilio posts to: delivery reports of our messages, and the
 * messages recipients send to our numbers. Each request must carry Twilio's
 * signature over the public address it was sent to and its parameters; one
 * that does not is refused (403) without reading further. Without Twilio
 * configured nothing reports, and both addresses do not exist (404).
 */
async function signedForm(request: Request, path: string): Promise<URLSearchParams | Response> {
  const env = getEnv()
  if (env.MESSAGING_PROVIDER !== 'twilio') return new Response(null, { status: 404 })
  const body = new URLSearchParams(await request.text())
  // Twilio signs the URL it was given: the public address, not the proxy's inner one.
  const url = `${env.PUBLIC_BASE_URL}${path}${new URL(request.url).search}`
  if (
    !isTwilioSignatureValid(
      env.TWILIO_AUTH_TOKEN,
      request.headers.get('x-twilio-signature'),
      url,
      body.entries(),
    )
  ) {
    logger.warn('message.webhook_refused', { path })
    return new Response(null, { status: 403 })
  }
  return body
}

export async function receiveDeliveryReport(request: Request, path: string): Promise<Response> {
  const form = await signedForm(request, path)
  if (form instanceof Response) return form
  const providerId = form.get('MessageSid') ?? ''
  const status = form.get('MessageStatus') ?? ''
  if (!providerId || !status) return new Response(null, { status: 400 })
  const errorCode = Number(form.get('ErrorCode'))
  await recordDeliveryReport(
    await getDatabase(),
    { providerId, status, ...(errorCode > 0 ? { errorCode } : {}) },
    new Date(),
  )
  // Twilio only needs a 2xx; a report about a message we do not know is not its error.
  return new Response(null, { status: 204 })
}

/** An empty TwiML answer: we do not reply to what a recipient writes (Twilio answers STOP itself). */
const noReply = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

export async function receiveInboundMessage(request: Request, path: string): Promise<Response> {
  const form = await signedForm(request, path)
  if (form instanceof Response) return form
  const outcome = await recordInboundMessage(
    await getDatabase(),
    {
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
      ...(form.get('OptOutType') ? { optOutType: form.get('OptOutType')! } : {}),
    },
    new Date(),
  )
  logger.info('message.inbound', { outcome })
  return new Response(noReply, { status: 200, headers: { 'Content-Type': 'text/xml' } })
}
