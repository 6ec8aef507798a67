/** The ports and keys shared by playwright.config.ts, the global setup and the iyzico spec. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210)

export const fakeIyzico = {
  apiKey: 'e2e-iyzico-api-key',
  secretKey: 'e2e-iyzico-secret-key',
  port: e2ePort + 5,
}

/** The copy of the site that pays through iyzico's Checkout Form (against the fake). */
export const iyzicoSitePort = e2ePort + 2
