/**
 * The messaging adapter: the one way an SMS or WhatsApp message leaves the
 * application. Without a provider each message is written to the outbox folder
 * as JSON and logged (no key, no network, nothing lost); with
 * MESSAGING_PROVIDER=twilio it goes through Twilio's Messages API.
 *
 * A refused or failed send throws a MessageSendError: the queue decides
 * whether to try again, fall back to SMS, or stop writing to the number.
 */

export type PhoneChannel = 'sms' | 'whatsapp'

/**
 * A WhatsApp message the company starts must use a template Meta approved;
 * `variables` fill its numbered placeholders ({{1}}, {{2}}…) in order.
 */
export interface MessageTemplate {
  /** The message kind the template is for, looked up in the configured templates. */
  name: string
  variables: string[]
}

export interface OutgoingText {
  channel: PhoneChannel
  /** E.164, without the `whatsapp:` prefix. */
  to: string
  /** The full text: what an SMS says, and what the template renders to on WhatsApp. */
  body: string
  template?: MessageTemplate
  /** What the message is about, for the outbox file and logs (a booking reference). */
  reference?: string
  language: string
  /** Where the provider reports the message's delivery (signed requests). */
  statusCallback?: string
}

export interface SentText {
  /** The provider's id for the message (Twilio's SID): delivery reports name it. */
  providerId: string
  /** The provider's first status for it ('queued', 'accepted'; 'written' for the outbox). */
  status: string
  transport: 'outbox' | 'twilio'
}

export interface Messenger {
  readonly transport: SentText['transport']
  /** Whether the transport reports delivery later (the outbox never does). */
  readonly reportsDelivery: boolean
  send(message: OutgoingText): Promise<SentText>
}

export type SendRefusal =
  /** The number cannot be written to on this channel: wrong, landline, no WhatsApp. */
  | 'invalid-recipient'
  /** The recipient said STOP: nothing more may go to them on this channel. */
  | 'opted-out'
  /** No approved WhatsApp template for this kind of message. */
  | 'no-template'
  /** Too many requests: try later. */
  | 'rate-limited'
  /** The provider refused the account's credentials or configuration. */
  | 'not-authorized'
  /** A server error, a timeout or a lost connection: try later. */
  | 'unavailable'
  /** Any other refusal of this message by the provider. */
  | 'refused'

const permanentRefusals: ReadonlySet<SendRefusal> = new Set([
  'invalid-recipient',
  'opted-out',
  'no-template',
  'refused',
])

/**
 * Why a send failed, without the recipient or body (callers log errors).
 * `permanent`: trying the same message again cannot help.
 */
export class MessageSendError extends Error {
  readonly permanent: boolean

  constructor(
    readonly refusal: SendRefusal,
    /** The provider's error code (Twilio's 21211…), when it gave one. */
    readonly providerCode?: number,
    /** Seconds the provider asked to wait before the next request. */
    readonly retryAfterSeconds?: number,
    cause?: unknown,
  ) {
    super(`Message not sent (${refusal}${providerCode ? ` ${providerCode}` : ''})`, { cause })
    this.name = 'MessageSendError'
    this.permanent = permanentRefusals.has(refusal)
  }
}
