import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startFakeTwilio, type FakeTwilio } from '../../../tests/support/twilio-fake-server'
import { MessageSendError, type OutgoingText } from './messenger'
import { createOutboxMessenger } from './outbox-messenger.server'
import { createTwilioMessenger, type TwilioSettings } from './twilio-messenger.server'
import { isTwilioSignatureValid, twilioSignature } from './twilio-signature'

const sms: OutgoingText = {
  channel: 'sms',
  to: '+905325550100',
  body: 'Marmara Chauffeur: booking MC-ABC123 confirmed.',
  reference: 'MC-ABC123',
  language: 'en',
}
const whatsapp: OutgoingText = {
  ...sms,
  channel: 'whatsapp',
  template: { name: 'confirmed', variables: ['MC-ABC123', 'https://example.com/r/x'] },
}

describe('the outbox messenger', () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'mc-messages-'))
  })
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('writes one JSON file per message under messages/, and reports no delivery', async () => {
    const messenger = createOutboxMessenger(folder)
    expect(messenger.reportsDelivery).toBe(false)
    const first = await messenger.send(sms)
    const second = await messenger.send(whatsapp)
    expect(first.providerId).not.toBe(second.providerId)
    const files = (await readdir(path.join(folder, 'messages'))).sort()
    expect(files).toHaveLength(2)
    const records = await Promise.all(
      files.map(async (file) =>
        JSON.parse(await readFile(path.join(folder, 'messages', file), 'utf8')),
      ),
    )
    expect(records).toContainEqual({
      channel: 'sms',
      to: '+905325550100',
      body: sms.body,
      reference: 'MC-ABC123',
      language: 'en',
    })
    expect(records).toContainEqual(
      expect.objectContaining({ channel: 'whatsapp', template: whatsapp.template }),
    )
  })
})

describe('the Twilio messenger against a server that speaks its protocol', () => {
  let twilio: FakeTwilio
  let settings: TwilioSettings
  beforeAll(async () => {
    twilio = await startFakeTwilio()
    settings = {
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      smsFrom: '+15005550006',
      whatsappFrom: '+14155238886',
      whatsappTemplates: { confirmed: 'HX0000000000000000000000000000confirm' },
      apiUrl: twilio.url,
      timeoutMs: 500,
    }
  })
  afterAll(() => twilio.close())
  afterEach(() => {
    twilio.messages.length = 0
    twilio.requests.length = 0
  })

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(MessageSendError)
    return error as MessageSendError
  }

  it('sends an SMS with its text, sender and delivery callback, and returns the SID', async () => {
    const sent = await createTwilioMessenger(settings).send({
      ...sms,
      statusCallback: 'https://www.example.com/webhooks/twilio/status',
    })
    expect(sent).toMatchObject({ transport: 'twilio', status: 'queued' })
    expect(sent.providerId).toMatch(/^SM[0-9a-f]{32}$/)
    expect(twilio.requests[0]?.authorized).toBe(true)
    expect(twilio.messages[0]?.params).toEqual({
      To: '+905325550100',
      From: '+15005550006',
      Body: sms.body,
      StatusCallback: 'https://www.example.com/webhooks/twilio/status',
    })
  })

  it('sends WhatsApp through the approved template with numbered variables', async () => {
    await createTwilioMessenger(settings).send(whatsapp)
    expect(twilio.messages[0]?.params).toEqual({
      To: 'whatsapp:+905325550100',
      From: 'whatsapp:+14155238886',
      ContentSid: 'HX0000000000000000000000000000confirm',
      ContentVariables: JSON.stringify({ 1: 'MC-ABC123', 2: 'https://example.com/r/x' }),
    })
  })

  it('refuses for good, without a request, a WhatsApp kind that has no template', async () => {
    const error = await refusal(
      createTwilioMessenger(settings).send({
        ...whatsapp,
        template: { name: 'driver_assigned', variables: [] },
      }),
    )
    expect(error).toMatchObject({ refusal: 'no-template', permanent: true })
    expect(twilio.requests).toHaveLength(0)
  })

  it.each([
    ['+15005550001', 'sms', 'invalid-recipient', 21211],
    ['+15005550009', 'sms', 'invalid-recipient', 21614],
    ['+15005550004', 'sms', 'opted-out', 21610],
    ['+15005550010', 'whatsapp', 'invalid-recipient', 63003],
  ] as const)('maps %s on %s to %s (Twilio %i), for good', async (to, channel, kind, code) => {
    const message = channel === 'sms' ? { ...sms, to } : { ...whatsapp, to }
    const error = await refusal(createTwilioMessenger(settings).send(message))
    expect(error).toMatchObject({ refusal: kind, providerCode: code, permanent: true })
  })

  it('sends an SMS to a number that only has no WhatsApp', async () => {
    await createTwilioMessenger(settings).send({ ...sms, to: '+15005550010' })
    expect(twilio.messages).toHaveLength(1)
  })

  it('reads a rate limit and a server error as worth another try, with the pause asked for', async () => {
    twilio.script({ status: 429, code: 20429, retryAfter: 30 })
    const limited = await refusal(createTwilioMessenger(settings).send(sms))
    expect(limited).toMatchObject({
      refusal: 'rate-limited',
      permanent: false,
      retryAfterSeconds: 30,
    })
    twilio.script({ status: 503, code: 20500 })
    const down = await refusal(createTwilioMessenger(settings).send(sms))
    expect(down).toMatchObject({ refusal: 'unavailable', permanent: false })
    await createTwilioMessenger(settings).send(sms)
    expect(twilio.messages).toHaveLength(1)
  })

  it('gives up waiting on a server that does not answer, as worth another try', async () => {
    twilio.script({ holdMs: 2_000 })
    const error = await refusal(createTwilioMessenger(settings).send(sms))
    expect(error).toMatchObject({ refusal: 'unavailable', permanent: false })
  })

  it('reports wrong credentials as not authorized, to be tried again once fixed', async () => {
    const error = await refusal(
      createTwilioMessenger({ ...settings, authToken: 'wrong' }).send(sms),
    )
    expect(error).toMatchObject({
      refusal: 'not-authorized',
      providerCode: 20003,
      permanent: false,
    })
    expect(twilio.requests[0]?.authorized).toBe(false)
  })
})

describe('Twilio request signatures', () => {
  // The example of Twilio's own documentation, with the signature it gives.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2'
  const params = Object.entries({
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  })

  it("computes Twilio's documented signature", () => {
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=')
  })

  it('accepts only the signature of this token, URL and parameters', () => {
    const signature = 'RSOYDt4T1cUTdK1PDd93/VVr8B8='
    expect(isTwilioSignatureValid('12345', signature, url, params)).toBe(true)
    expect(isTwilioSignatureValid('54321', signature, url, params)).toBe(false)
    expect(isTwilioSignatureValid('12345', signature, `${url}&baz=3`, params)).toBe(false)
    expect(isTwilioSignatureValid('12345', signature, url, [...params, ['Body', 'STOP']])).toBe(
      false,
    )
    expect(isTwilioSignatureValid('12345', null, url, params)).toBe(false)
    expect(isTwilioSignatureValid('12345', 'short', url, params)).toBe(false)
    expect(isTwilioSignatureValid('', signature, url, params)).toBe(false)
  })
})
