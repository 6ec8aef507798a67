import { spawnSync } from 'node:child_process'
import { expect } from '@playwright/test'
import { e2ePort } from './iyzico-settings'
import { fakeAeroApi, fakeAeroApiUrl, flightsSitePort } from './flights-settings'

/**
 * The local stand-ins for the Ministry's U-ETDS service and for Paraşüt. The
 * copy of the site with outside providers (the flights copy) files its
 * passenger lists and issues its invoices there.
 */
export const fakeUetds = {
  username: '999999',
  password: '999999testtest',
  port: e2ePort + 12,
}
export const fakeUetdsUrl = `http://127.0.0.1:${fakeUetds.port}`

export const fakeParasutPort = e2ePort + 13
export const fakeParasutUrl = `http://127.0.0.1:${fakeParasutPort}`

/** The copy of the site that files and invoices with the stand-ins. */
export const providersSitePort = flightsSitePort

/** The settings that copy runs with (its maintenance run, spawned by a test, takes them too). */
export const complianceSiteSettings = {
  UETDS_PROVIDER: 'uetds',
  UETDS_USERNAME: fakeUetds.username,
  UETDS_PASSWORD: fakeUetds.password,
  UETDS_URL: `${fakeUetdsUrl}/services/g2g/kdgm/test/uetdsarizi`,
  INVOICE_PROVIDER: 'parasut',
  PARASUT_API_URL: fakeParasutUrl,
  PARASUT_COMPANY_ID: '627',
  PARASUT_CLIENT_ID: 'fake-parasut-client',
  PARASUT_CLIENT_SECRET: 'fake-parasut-secret',
  PARASUT_USERNAME: 'muhasebe@example.com',
  PARASUT_PASSWORD: 'fake-parasut-password',
}

/** One maintenance run against that copy's database, as operations would run it. */
export function runProvidersMaintenance(): void {
  const run = spawnSync(process.execPath, ['scripts/maintenance.mjs'], {
    encoding: 'utf8',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: `http://localhost:${providersSitePort}`,
      SESSION_SECRET: 'e2e-only-secret-not-for-production',
      DATABASE_URL: `data/e2e-${providersSitePort}.sqlite`,
      OUTBOX_DIR: `data/e2e-outbox-${providersSitePort}`,
      FLIGHT_STATUS_PROVIDER: 'aeroapi',
      AEROAPI_KEY: fakeAeroApi.apiKey,
      AEROAPI_BASE_URL: `${fakeAeroApiUrl}/aeroapi`,
      ...complianceSiteSettings,
    },
  })
  expect(run.status, run.stderr).toBe(0)
}
