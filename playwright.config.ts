import { defineConfig } from '@playwright/test'
import { browserSuiteLaunchOptions } from './tests/chromium-launch.mjs'
import { fakeIyzico, iyzicoSitePort } from './tests/e2e/iyzico-settings'
import {
  fakeTwilio,
  fakeTwilioUrl,
  messagesSitePort,
  whatsappTemplates,
} from './tests/e2e/messages-settings'
import { fakeAeroApi, fakeAeroApiUrl, flightsSitePort } from './tests/e2e/flights-settings'
import { complianceSiteSettings } from './tests/e2e/compliance-settings'
import { pricesSitePorts } from './tests/e2e/prices-settings'
import { capacitySitePorts } from './tests/e2e/capacity-site'

const port = Number(process.env.E2E_PORT ?? 3210)
const baseURL = `http://localhost:${port}`

function serverOn(serverPort: number, extraEnv: Record<string, string> = {}) {
  // Each run starts on a fresh database: counted actions (drafts per address,
  // failed staff sign-ins) from an earlier run would otherwise carry over.
  const database = `data/e2e-${serverPort}.sqlite`
  return {
    command: `rm -f ${database} ${database}-wal ${database}-shm && node server.js`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(serverPort),
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: `http://localhost:${serverPort}`,
      SESSION_SECRET: 'e2e-only-secret-not-for-production',
      LOG_LEVEL: 'warn',
      // Each copy has its own SQLite file (under data/, ignored by git).
      DATABASE_URL: database,
      // Without SMTP the confirmation e-mails land here as .eml files, read by the tests.
      OUTBOX_DIR: `data/e2e-outbox-${serverPort}`,
      // Every journey of the suite comes from this machine's one address; the limit
      // itself is tested in tests/process/draft-limit.test.ts.
      DRAFTS_PER_ADDRESS: '100000',
      ...extraEnv,
    },
  }
}

/**
 * Browser tests run against the production build served by server.js, in
 * Debian's Chromium (Playwright's own browser download is unreachable here).
 * Every spec runs twice: with JavaScript and without.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // The local stand-in for iyzico's API, used by the third server below.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Three on CI's two cores: a browser test waits on pages and servers much of the
  // time, so a third worker fills the cores rather than fighting for them.
  workers: process.env.CI ? 3 : undefined,
  // CI retries a failed test once, so that one timing accident does not keep a
  // sound change from landing; the flaky reporter names every test that needed
  // it at the end of the run. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list'], ['./tests/e2e/flaky-reporter.ts'], ['./tests/e2e/slowest-reporter.ts']]
    : [
        ['list'],
        ['./tests/e2e/flaky-reporter.ts'],
        ['./tests/e2e/slowest-reporter.ts'],
        ['html', { open: 'never' }],
      ],
  // The longest journeys (four steps, axe on each in a second browser context for
  // the no-JS project) take 20-40 s on the 2-core CI machine; 60 s left no margin.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A trace records every test as it runs (screenshots, snapshots) and costs
    // about a sixth of the suite's CPU; CI keeps no files, so it records none there.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: browserSuiteLaunchOptions,
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true } },
    { name: 'no-js', use: { javaScriptEnabled: false } },
  ],
  webServer: [
    { ...serverOn(port), url: `${baseURL}/healthz` },
    // A second copy with a browser Maps key: the Maps enhancements are tested
    // there against a stand-in google.maps injected by the test (no network).
    {
      ...serverOn(port + 1, { GOOGLE_MAPS_BROWSER_KEY: 'e2e-browser-key' }),
      url: `http://localhost:${port + 1}/healthz`,
    },
    // A third copy pays through the iyzico adapter, against the local protocol server.
    {
      ...serverOn(iyzicoSitePort, {
        PAYMENT_PROVIDER: 'iyzico',
        IYZICO_API_KEY: fakeIyzico.apiKey,
        IYZICO_SECRET_KEY: fakeIyzico.secretKey,
        IYZICO_BASE_URL: `http://127.0.0.1:${fakeIyzico.port}`,
      }),
      url: `http://localhost:${iyzicoSitePort}/healthz`,
    },
    // A fourth copy sends SMS and WhatsApp through Twilio's API, against the local protocol server.
    {
      ...serverOn(messagesSitePort, {
        MESSAGING_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: fakeTwilio.accountSid,
        TWILIO_AUTH_TOKEN: fakeTwilio.authToken,
        TWILIO_FROM_SMS: '+15005550006',
        TWILIO_FROM_WHATSAPP: '+14155238886',
        TWILIO_API_URL: fakeTwilioUrl,
        TWILIO_WHATSAPP_TEMPLATES: Object.entries(whatsappTemplates)
          .map(([kind, sid]) => `${kind}=${sid}`)
          .join(','),
      }),
      url: `http://localhost:${messagesSitePort}/healthz`,
    },
    // A fifth copy checks and follows flights through AeroAPI, files passenger lists
    // with U-ETDS and issues invoices through Paraşüt, against the local protocol servers.
    {
      ...serverOn(flightsSitePort, {
        FLIGHT_STATUS_PROVIDER: 'aeroapi',
        AEROAPI_KEY: fakeAeroApi.apiKey,
        AEROAPI_BASE_URL: `${fakeAeroApiUrl}/aeroapi`,
        ...complianceSiteSettings,
      }),
      url: `http://localhost:${flightsSitePort}/healthz`,
    },
    // Two copies whose price lists the prices spec publishes, one per project.
    ...Object.values(pricesSitePorts).map((sitePort) => ({
      ...serverOn(sitePort),
      url: `http://localhost:${sitePort}/healthz`,
    })),
    // Two copies whose capacity rules and fleet the capacity specs set, one per project.
    ...Object.values(capacitySitePorts).map((sitePort) => ({
      ...serverOn(sitePort),
      url: `http://localhost:${sitePort}/healthz`,
    })),
  ],
})
