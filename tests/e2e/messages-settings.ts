import { e2ePort } from './iyzico-settings'

/** The local stand-in for Twilio's Messages API and the copy of the site that sends through it. */
export const fakeTwilio = {
  accountSid: 'AC0000000000000000000000000000e2e0',
  authToken: 'e2e-twilio-auth-token',
  port: e2ePort + 6,
}

/** The copy of the site with a messaging provider: it offers travellers WhatsApp and SMS. */
export const messagesSitePort = e2ePort + 3

export const fakeTwilioUrl = `http://127.0.0.1:${fakeTwilio.port}`

/** The WhatsApp templates that copy is configured with (one per kind and language). */
export const whatsappTemplates = {
  'confirmed.en': 'HX000000000000000000000000confirmen',
  'confirmed.tr': 'HX000000000000000000000000confirmtr',
}
