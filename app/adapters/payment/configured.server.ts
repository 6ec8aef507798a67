import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import { createIyzicoProvider } from './iyzico.server'
import type { PaymentProvider } from './provider'
import { createSimulatorProvider } from './simulator.server'

let provider: PaymentProvider | undefined

/** The configured payment provider: the simulator unless PAYMENT_PROVIDER=iyzico. */
export function paymentProvider(): PaymentProvider {
  if (!provider) {
    const env = getEnv()
    provider =
      env.PAYMENT_PROVIDER === 'iyzico'
        ? createIyzicoProvider({
            apiKey: env.IYZICO_API_KEY,
            secretKey: env.IYZICO_SECRET_KEY,
            baseUrl: env.IYZICO_BASE_URL,
          })
        : createSimulatorProvider({ database: getDatabase, baseUrl: env.PUBLIC_BASE_URL })
  }
  return provider
}

/** The hosted test page exists only while the simulator is the provider. */
export function simulatorEnabled(): boolean {
  return getEnv().PAYMENT_PROVIDER === 'simulator'
}

/** Where providers send the traveller back: an absolute URL, as iyzico requires. */
export function callbackUrl(): string {
  return `${getEnv().PUBLIC_BASE_URL}/payment/callback`
}

/** Where the provider sends back a traveller who paid a tip for their driver. */
export function tipCallbackUrl(): string {
  return `${getEnv().PUBLIC_BASE_URL}/payment/tip-callback`
}
