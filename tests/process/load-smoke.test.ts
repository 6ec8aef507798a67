import { execFile } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { root } from './server-process'

/** The load script in its smoke size, on the existing build, summary as JSON. */
function loadRun(args: string[]): Promise<{ code: number; summary: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['bench/load-bookings.mjs', '--journeys', '5', '--skip-build', '--json', ...args],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          // The same PostgreSQL server as the storage tests.
          ...(process.env.TEST_POSTGRES_URL && {
            BENCH_POSTGRES_URL: process.env.TEST_POSTGRES_URL,
          }),
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        try {
          resolve({ code: error ? Number(error.code ?? 1) : 0, summary: JSON.parse(stdout) })
        } catch {
          reject(new Error(`no summary from the load script:\n${stdout}\n${stderr}`))
        }
      },
    )
  })
}

describe('bench/load-bookings.mjs smoke run', () => {
  it.each([
    ['sqlite', 1],
    ['postgres', 2],
  ])(
    'books five journeys on %s with %i instance(s), each confirmed and mailed once',
    async (store, instances) => {
      const { code, summary } = await loadRun(['--store', store])
      expect(summary).toMatchObject({
        instances,
        journeys: 5,
        booked: 5,
        confirmedInDatabase: 5,
        lost: 0,
        duplicates: { bookingsPaidTwice: 0, refundsDue: 0, referencesSeenByTwoJourneys: 0 },
        responses5xx: 0,
        emails: 5,
        clean: true,
      })
      // The instances' CPU is read from /proc: it ran, so it used some.
      expect(summary.serverCpuSeconds).toBeGreaterThan(0)
      expect(code).toBe(0)
    },
    150_000,
  )
})
