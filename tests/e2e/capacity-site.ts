import type { TestInfo } from '@playwright/test'
import { e2ePort } from './iyzico-settings'

/**
 * The copies of the site whose capacity rules the browser tests change: one
 * per project, since turning the fleet limit on (and the cars and service
 * blocks the tests enter) would make classes full in every other spec's
 * journeys.
 */
export const capacitySitePorts = { js: e2ePort + 10, 'no-js': e2ePort + 11 } as const

export function capacitySitePort(testInfo: TestInfo): number {
  return testInfo.project.name === 'no-js' ? capacitySitePorts['no-js'] : capacitySitePorts.js
}

export function capacitySiteUrl(testInfo: TestInfo): string {
  return `http://localhost:${capacitySitePort(testInfo)}`
}
