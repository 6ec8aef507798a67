import { startFakeIyzico } from '../support/iyzico-fake-server'
import { fakeIyzico } from './iyzico-settings'

/**
 * Starts the local server that speaks iyzico's protocol, for the test server
 * configured with PAYMENT_PROVIDER=iyzico (see playwright.config.ts). No
 * network: the real iyzipay client in that server talks to this one.
 */
export default async function globalSetup() {
  const fake = await startFakeIyzico(fakeIyzico)
  return async () => fake.close()
}
