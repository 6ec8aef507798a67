import { getEnv } from '~/config/env.server'
import type { Messenger } from './messenger'
import { createOutboxMessenger } from './outbox-messenger.server'
import { createTwilioMessenger } from './twilio-messenger.server'

let messenger: Messenger | undefined

/** The configured messenger: Twilio when MESSAGING_PROVIDER=twilio, otherwise the outbox folder. */
export function configuredMessenger(): Messenger {
  const env = getEnv()
  messenger ??=
    env.MESSAGING_PROVIDER === 'twilio'
      ? createTwilioMessenger({
          accountSid: env.TWILIO_ACCOUNT_SID,
          authToken: env.TWILIO_AUTH_TOKEN,
          smsFrom: env.TWILIO_FROM_SMS,
          whatsappFrom: env.TWILIO_FROM_WHATSAPP,
          whatsappTemplates: env.TWILIO_WHATSAPP_TEMPLATES,
          apiUrl: env.TWILIO_API_URL,
        })
      : createOutboxMessenger(env.OUTBOX_DIR)
  return messenger
}

/** Where the provider posts delivery reports: the public address, as the provider signs it. */
export const deliveryReportPath = '/webhooks/twilio/status'
/** Where the provider posts the messages recipients send us (STOP, START). */
export const inboundMessagePath = '/webhooks/twilio/inbound'

export function deliveryReportUrl(): string {
  return `${getEnv().PUBLIC_BASE_URL}${deliveryReportPath}`
}

/**
 * Whether travellers are offered ride updates by WhatsApp and SMS. Only with a
 * provider that delivers them: the outbox folder keeps what would be sent (for
 * development, and the messages staff and drivers get), but no page promises a
 * traveller a text that would land in a folder.
 */
export function offersTexts(): boolean {
  return getEnv().MESSAGING_PROVIDER === 'twilio'
}

/** Whether WhatsApp is among them: Twilio needs a WhatsApp sender for it. */
export function offersWhatsapp(): boolean {
  return offersTexts() && getEnv().TWILIO_FROM_WHATSAPP !== ''
}
