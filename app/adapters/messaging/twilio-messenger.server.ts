import { logger } from '~/utils/logger.server'
import { MessageSendError, type Messenger, type OutgoingText, type SendRefusal } from './messenger'

/**
 * SMS and WhatsApp through Twilio's Messages API: one form-encoded POST to
 * `/2010-04-01/Accounts/{sid}/Messages.json` with basic auth (the account SID
 * and auth token). A WhatsApp message goes to `whatsapp:+…` from the WhatsApp
 * sender, with the approved template's Content SID and its variables; an SMS
 * carries its text as Body. Twilio answers 201 with the message's SID and a
 * first status, or an error with a numeric code, mapped here to what the queue
 * can act on.
 */
export interface TwilioSettings {
  accountSid: string
  authToken: string
  /** The SMS sender: a number in E.164 or an alphanumeric sender ID. */
  smsFrom: string
  /** The WhatsApp sender in E.164 (without `whatsapp:`); empty: no WhatsApp. */
  whatsappFrom: string
  /** Message kind → approved template's Content SID (HX…). */
  whatsappTemplates: Record<string, string>
  /** https://api.twilio.com, or a local server that speaks its protocol. */
  apiUrl: string
  /** Milliseconds before a request counts as failed (and is tried again later). */
  timeoutMs?: number
}

/** Twilio's error codes that say the recipient cannot take this message. */
const invalidRecipientCodes = new Set([
  21211, // invalid 'To' number
  21214, // 'To' number cannot be reached
  21408, // no permission to send to this region
  21612, // 'To' number not reachable from this sender
  21614, // 'To' number is not a mobile number
  63003, // WhatsApp: the number has no WhatsApp account
  63024, // WhatsApp: invalid message recipient
])
const optOutCodes = new Set([21610]) // the recipient replied STOP
const rateLimitCodes = new Set([20429, 14107, 63018])
const authCodes = new Set([20003, 20404, 21606, 21659, 63007]) // credentials, sender not ours

function refusalOf(status: number, code: number | undefined): SendRefusal {
  if (code !== undefined) {
    if (optOutCodes.has(code)) return 'opted-out'
    if (invalidRecipientCodes.has(code)) return 'invalid-recipient'
    if (rateLimitCodes.has(code)) return 'rate-limited'
    if (authCodes.has(code)) return 'not-authorized'
  }
  if (status === 429) return 'rate-limited'
  if (status === 401 || status === 403) return 'not-authorized'
  if (status >= 500) return 'unavailable'
  return 'refused'
}

export function createTwilioMessenger(settings: TwilioSettings): Messenger {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`

  function formOf(message: OutgoingText): URLSearchParams {
    const form = new URLSearchParams()
    if (message.channel === 'whatsapp') {
      const contentSid = message.template && settings.whatsappTemplates[message.template.name]
      if (!settings.whatsappFrom || !contentSid || !message.template) {
        throw new MessageSendError('no-template')
      }
      form.set('To', `whatsapp:${message.to}`)
      form.set('From', `whatsapp:${settings.whatsappFrom}`)
      form.set('ContentSid', contentSid)
      form.set(
        'ContentVariables',
        JSON.stringify(
          Object.fromEntries(message.template.variables.map((value, index) => [index + 1, value])),
        ),
      )
    } else {
      form.set('To', message.to)
      form.set('From', settings.smsFrom)
      form.set('Body', message.body)
    }
    if (message.statusCallback) form.set('StatusCallback', message.statusCallback)
    return form
  }

  return {
    transport: 'twilio',
    reportsDelivery: true,
    async send(message) {
      const form = formOf(message)
      let response: Response
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
        })
      } catch (error) {
        throw new MessageSendError('unavailable', undefined, undefined, error)
      }
      const answer = (await response.json().catch(() => ({}))) as {
        sid?: unknown
        status?: unknown
        code?: unknown
      }
      if (response.ok && typeof answer.sid === 'string') {
        logger.info('message.sent', {
          transport: 'twilio',
          channel: message.channel,
          sid: answer.sid,
        })
        return {
          providerId: answer.sid,
          status: typeof answer.status === 'string' ? answer.status : 'queued',
          transport: 'twilio',
        }
      }
      const code = typeof answer.code === 'number' ? answer.code : undefined
      const retryAfter = Number(response.headers.get('retry-after'))
      throw new MessageSendError(
        refusalOf(response.status, code),
        code,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      )
    },
  }
}
