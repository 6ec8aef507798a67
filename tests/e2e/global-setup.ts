import { startFakeIyzico } from '../support/iyzico-fake-server'
import { startFakeTwilio } from '../support/twilio-fake-server'
import { fakeIyzico } from './iyzico-settings'
import { fakeTwilio } from './messages-settings'
import { startFakeAeroApi } from '../support/aeroapi-fake-server'
import { fakeAeroApi } from './flights-settings'
import { startFakeUetds } from '../support/uetds-fake-server'
import { startFakeParasut } from '../support/parasut-fake-server'
import { fakeParasutPort, fakeUetds } from './compliance-settings'

/**
 * Starts the local servers that speak iyzico's, Twilio's, AeroAPI's,
 * U-ETDS's and Paraşüt's protocols, for the test servers configured with
 * PAYMENT_PROVIDER=iyzico, MESSAGING_PROVIDER=twilio,
 * FLIGHT_STATUS_PROVIDER=aeroapi, UETDS_PROVIDER=uetds and
 * INVOICE_PROVIDER=parasut (see
 * playwright.config.ts). No network: the real
 * clients in those servers talk to these.
 */
export default async function globalSetup() {
  const iyzico = await startFakeIyzico(fakeIyzico)
  const twilio = await startFakeTwilio(fakeTwilio.accountSid, fakeTwilio.authToken, fakeTwilio.port)
  const aeroapi = await startFakeAeroApi(fakeAeroApi.apiKey, fakeAeroApi.port)
  const uetds = await startFakeUetds(fakeUetds)
  const parasut = await startFakeParasut({ port: fakeParasutPort })
  return async () => {
    await parasut.close()
    await uetds.close()
    await iyzico.close()
    await twilio.close()
    await aeroapi.close()
  }
}
