import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { twilioSignature } from '~/adapters/messaging/twilio-signature'

/**
 * Test support: a local HTTP server that speaks Twilio's Messages API, so the
 * real messenger can be exercised without the network. It checks the basic
 * auth as Twilio does, answers with Twilio's JSON and error codes, and refuses
 * Twilio's own test numbers the way its test credentials do:
 *
 * - +15005550001: 21211, not a valid number
 * - +15005550009: 21614, not a mobile number
 * - +15005550004: 21610, the recipient unsubscribed (replied STOP)
 * - +15005550010: 63003 on WhatsApp, no WhatsApp account (an SMS goes through)
 *
 * It can also answer the next requests with a rate limit or a server error, or
 * hold them past the client's timeout, and it makes the signed requests Twilio
 * makes to us: delivery reports to a message's StatusCallback, and inbound messages.
 */

export interface FakeTwilioMessage {
  sid: string
  channel: 'sms' | 'whatsapp'
  /** The form exactly as posted. */
  params: Record<string, string>
  status: string
}

export interface FakeTwilioRequest {
  path: string
  params: Record<string, string>
  authorized: boolean
}

type Scripted = { status: number; code: number; retryAfter?: number } | { holdMs: number }

export interface FakeTwilio {
  url: string
  accountSid: string
  authToken: string
  messages: FakeTwilioMessage[]
  requests: FakeTwilioRequest[]
  /** Answers the next `times` requests with this error (or holds them), then behaves again. */
  script(answer: Scripted, times?: number): void
  /** Posts a signed delivery report for `sid` to its StatusCallback; resolves to our answer's status. */
  report(sid: string, status: string, errorCode?: number): Promise<number>
  /** Posts a signed request as Twilio would (an inbound message) to `url`. */
  post(url: string, params: Record<string, string>, signWith?: string): Promise<number>
  close(): Promise<void>
}

const refusedNumbers: Record<string, { code: number; message: string; whatsappOnly?: boolean }> = {
  '+15005550001': { code: 21211, message: "The 'To' number is not a valid phone number." },
  '+15005550009': { code: 21614, message: "'To' number is not a valid mobile number" },
  '+15005550004': { code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  '+15005550010': {
    code: 63003,
    message: 'Channel could not find To address',
    whatsappOnly: true,
  },
}

/**
 * For a test in another process (the browser suite, whose servers this one
 * serves): `GET /__fake/messages` lists the messages received, and
 * `POST /__fake/report` (JSON `{ sid, status, errorCode? }`) makes the signed
 * delivery report Twilio would send.
 */
export async function startFakeTwilio(
  accountSid = 'AC00000000000000000000000000000001',
  authToken = 'fake-twilio-auth-token',
  port = 0,
): Promise<FakeTwilio> {
  const messages: FakeTwilioMessage[] = []
  const requests: FakeTwilioRequest[] = []
  const scripted: Scripted[] = []
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
    const authorized = request.headers.authorization === expectedAuth
    requests.push({ path: request.url ?? '', params, authorized })
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers })
      response.end(JSON.stringify(body))
    }
    const error = (status: number, code: number, message: string, headers = {}) =>
      answer(
        status,
        { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
        headers,
      )

    if (request.url === '/__fake/messages') return answer(200, messages)
    if (request.url === '/__fake/report' && request.method === 'POST') {
      const { sid, status, errorCode } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        sid: string
        status: string
        errorCode?: number
      }
      return answer(200, { answered: await report(sid, status, errorCode) })
    }
    if (request.method !== 'POST' || request.url !== messagesPath) {
      return error(404, 20404, 'The requested resource was not found')
    }
    const next = scripted.shift()
    if (next && 'holdMs' in next) {
      await new Promise((resolve) => setTimeout(resolve, next.holdMs))
      if (response.destroyed) return
    } else if (next) {
      return error(
        next.status,
        next.code,
        'Scripted failure',
        next.retryAfter ? { 'retry-after': String(next.retryAfter) } : {},
      )
    }
    if (!authorized) return error(401, 20003, 'Authenticate')
    const whatsapp = params.To?.startsWith('whatsapp:') ?? false
    const to = (params.To ?? '').replace(/^whatsapp:/, '')
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(400, 21211, "Invalid 'To' Phone Number")
    if (!params.From) return error(400, 21603, "A 'From' phone number is required")
    if (whatsapp !== (params.From.startsWith('whatsapp:') ?? false)) {
      return error(400, 63007, 'Twilio could not find a Channel with the specified From address')
    }
    if (whatsapp ? !params.ContentSid : !params.Body) {
      return error(400, 21602, 'Message body is required')
    }
    const refused = refusedNumbers[to]
    if (refused && (!refused.whatsappOnly || whatsapp)) {
      return error(400, refused.code, refused.message)
    }
    const sid = `SM${randomBytes(16).toString('hex')}`
    messages.push({ sid, channel: whatsapp ? 'whatsapp' : 'sms', params, status: 'queued' })
    answer(201, {
      sid,
      account_sid: accountSid,
      to: params.To,
      from: params.From,
      body: params.Body ?? '',
      status: 'queued',
      num_segments: '1',
      error_code: null,
      error_message: null,
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  async function post(target: string, params: Record<string, string>, signWith = authToken) {
    const signature = twilioSignature(signWith, target, Object.entries(params))
    const response = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature,
      },
      body: new URLSearchParams(params),
      redirect: 'manual',
    })
    return response.status
  }

  async function report(sid: string, status: string, errorCode?: number) {
    const message = messages.find((candidate) => candidate.sid === sid)
    if (!message?.params.StatusCallback) throw new Error(`No callback for ${sid}`)
    message.status = status
    return post(message.params.StatusCallback, {
      AccountSid: accountSid,
      MessageSid: sid,
      SmsSid: sid,
      MessageStatus: status,
      SmsStatus: status,
      To: message.params.To ?? '',
      From: message.params.From ?? '',
      ApiVersion: '2010-04-01',
      ...(errorCode ? { ErrorCode: String(errorCode) } : {}),
    })
  }

  return {
    url,
    accountSid,
    authToken,
    messages,
    requests,
    script(answer, times = 1) {
      for (let index = 0; index < times; index++) scripted.push(answer)
    },
    report,
    post,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
