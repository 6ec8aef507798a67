import { spawnSync } from 'node:child_process'
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'

/** Staff accounts and sign-in for the browser tests of the /ops pages. */

const port = Number(process.env.E2E_PORT ?? 3210)

/**
 * Runs `node scripts/staff.mjs …` against a test server's SQLite file (the
 * first server's, unless `sitePort` names another), the password on stdin.
 */
export function staffCommand(args: string[], password: string, sitePort = port) {
  const run = spawnSync(process.execPath, ['scripts/staff.mjs', ...args], {
    input: `${password}\n`,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SESSION_SECRET: 'e2e-only-secret-not-for-production',
      DATABASE_URL: `data/e2e-${sitePort}.sqlite`,
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
  sitePort = port,
) {
  const email = `${label}-${testInfo.project.name}-${Date.now()}@example.com`
  const password = `${label} passphrase ${Date.now()}`
  const output = staffCommand(
    ['add', '--email', email, '--name', `E2E ${label}`, '--role', role],
    password,
    sitePort,
  )
  expect(output).toContain(`added ${role} ${email}`)
  return { email, password }
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * On an admin's page: adds a driver linked to a driver's sign-in (shown in
 * the list as `signInLabel`) and a Business Luxury Minivan with `plate`, then
 * assigns both to the booking. Plates and names are the caller's, one per
 * test and project, as they share one server.
 */
export async function assignNewDriver(
  office: Page,
  reference: string,
  driver: {
    name: string
    phone: string
    plate: string
    signInLabel: string
    /** What the passenger list names the crew by, when the test files one. */
    identityNumber?: string
    sex?: 'Female' | 'Male'
  },
) {
  await office.goto('/ops/drivers')
  const driverForm = office.getByRole('form', { name: 'Add a driver' })
  await driverForm.getByLabel('Name').fill(driver.name)
  await driverForm.getByLabel('Phone').fill(driver.phone)
  await driverForm.getByLabel('Languages spoken').fill('Turkish, English')
  await driverForm.getByLabel('Driving licence number').fill(`R-${driver.plate}`)
  if (driver.identityNumber) {
    await driverForm.getByLabel(/^T\.C\. identity number/).fill(driver.identityNumber)
  }
  if (driver.sex) {
    await driverForm.getByLabel('Sex on the identity card').selectOption({ label: driver.sex })
  }
  await driverForm.getByLabel('Driver sign-in').selectOption({ label: driver.signInLabel })
  await driverForm.getByRole('button', { name: 'Add driver' }).click()
  await expect(office.getByRole('status')).toHaveText(`Driver ${driver.name} added.`)
  await office.goto('/ops/vehicles')
  const vehicleForm = office.getByRole('form', { name: 'Add a vehicle' })
  await vehicleForm.getByLabel('Vehicle class').selectOption({ label: 'Business Luxury Minivan' })
  await vehicleForm.getByLabel('Make and model').fill('Mercedes-Benz Vito')
  await vehicleForm.getByLabel('Plate').fill(driver.plate)
  await vehicleForm.getByLabel(/^Colour/).fill('Black')
  await vehicleForm.getByLabel('Passenger seats').fill('6')
  await vehicleForm.getByLabel('Suitcases').fill('6')
  await vehicleForm.getByRole('button', { name: 'Add vehicle' }).click()
  await expect(office.getByRole('status')).toHaveText(`Vehicle ${driver.plate} added.`)
  await office.goto(`/ops/bookings/${reference}/assign`)
  await office
    .getByLabel('Driver', { exact: true })
    .selectOption({ label: `${driver.name} (Turkish, English)` })
  await office.getByLabel('Vehicle', { exact: true }).selectOption({
    label: `${driver.plate}: Mercedes-Benz Vito, Business Luxury Minivan, 6 seats, 6 suitcases`,
  })
  await office.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(office).toHaveURL(new RegExp(`/ops/bookings/${reference}\\?dispatch=assigned$`))
}

/**
 * "Passenger on board" on a driver's job card: the code the traveller says
 * typed into its field, then the button.
 */
export async function boardPassenger(job: Locator, code: string) {
  await job.getByLabel('Passenger’s pickup code').fill(code)
  await job.getByRole('button', { name: 'Passenger on board' }).click()
}
