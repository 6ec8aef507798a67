import { spawnSync } from 'node:child_process'
import { expect, type Page, type TestInfo } from '@playwright/test'

/** Staff accounts and sign-in for the browser tests of the /ops pages. */

const port = Number(process.env.E2E_PORT ?? 3210)

/** Runs `node scripts/staff.mjs …` against the test server's SQLite file, the password on stdin. */
export function staffCommand(args: string[], password: string) {
  const run = spawnSync(process.execPath, ['scripts/staff.mjs', ...args], {
    input: `${password}\n`,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SESSION_SECRET: 'e2e-only-secret-not-for-production',
      DATABASE_URL: `data/e2e-${port}.sqlite`,
    },
  })
  expect(run.stderr, 'the staff command’s errors').toBe('')
  expect(run.status).toBe(0)
  return run.stdout
}

/** A new account with an e-mail of its own per test and project. */
export function newAccount(
  testInfo: TestInfo,
  role: 'admin' | 'dispatcher' | 'driver',
  label: string,
) {
  const email = `${label}-${testInfo.project.name}-${Date.now()}@example.com`
  const password = `${label} passphrase ${Date.now()}`
  const output = staffCommand(
    ['add', '--email', email, '--name', `E2E ${label}`, '--role', role],
    password,
  )
  expect(output).toContain(`added ${role} ${email}`)
  return { email, password }
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
