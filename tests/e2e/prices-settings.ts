import type { TestInfo } from '@playwright/test'
import { e2ePort } from './iyzico-settings'

/**
 * The copies of the site whose price lists the browser tests change: one per
 * project, since publishing a version changes every price its server quotes
 * (the other specs assert exact fares) and only one draft exists at a time.
 */
export const pricesSitePorts = { js: e2ePort + 8, 'no-js': e2ePort + 9 } as const

export function pricesSitePort(testInfo: TestInfo): number {
  return testInfo.project.name === 'no-js' ? pricesSitePorts['no-js'] : pricesSitePorts.js
}
