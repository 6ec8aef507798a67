import { startFakeIyzico } from '../support/iyzico-fake-server'
import { startFakeTwilio } from '../support/twilio-fake-server'
import { fakeIyzico } from './iyzico-settings'
import { fakeTwilio } from './messages-settings'

/**
 * Starts the local servers that speak iyzico's and Twilio's protocols, for the
 * test servers configured with PAYMENT_PROVIDER=iyzico and
 * MESSAGING_PROVIDER=twilio (see playwright.config.ts). No network: the real
 * clients in those servers talk to these.
 */
export default async function globalSetup() {
  const iyzico = await startFakeIyzico(fakeIyzico)
  const twilio = await startFakeTwilio(fakeTwilio.accountSid, fakeTwilio.authToken, fakeTwilio.port)
  return async () => {
    await iyzico.close()
    await twilio.close()
  }
}
