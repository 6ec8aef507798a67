import { rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import { newAccount, signIn } from './staff-helpers'
import { openServerDatabase } from './database'
import { freePort, startServer, type RunningServer } from '../process/server-process'

/**
 * /ops/capacity, with JavaScript and without: an admin turns on "Sell only
 * what the fleet can drive" with a 45-minute buffer (a wrong cap refused
 * beside its field first, what was typed kept), adds a closed period (an end
 * before its start refused first) and removes it, and takes a vehicle out of
 * service. Each change is in the audit log.
 *
 * With the fleet limit on, every class without a free car of its own is
 * full: on a copy of the site the other specs book on, their rides would be
 * refused while this one runs. So each project runs against a copy of its
 * own, started here on a port nobody else uses, with a database of its own.
 */

let site: RunningServer
let port: number
const origin = () => `http://127.0.0.1:${port}`

test.beforeAll(async () => {
  port = await freePort()
  site = await startServer({
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    // The names the staff helpers and openServerDatabase give a copy's files.
    DATABASE_URL: `data/e2e-${port}.sqlite`,
    OUTBOX_DIR: `data/e2e-outbox-${port}`,
    SESSION_SECRET: 'e2e-only-secret-not-for-production',
    LOG_LEVEL: 'warn',
  })
})

test.afterAll(async () => {
  await site?.stop()
  for (const file of ['', '-wal', '-shm']) rmSync(`data/e2e-${port}.sqlite${file}`, { force: true })
  rmSync(`data/e2e-outbox-${port}`, { recursive: true, force: true })
})

test('an admin sets the fleet limit, closes a period and takes a vehicle out of service', async ({
  page,
}, testInfo) => {
  // One journey through five forms, three of them refused first, with axe at each step, on a
  // copy of the site started for it: on CI's two busy cores it needs more than two minutes.
  test.slow()
  const admin = newAccount(testInfo, 'admin', 'capacity', port)
  await page.goto(`${origin()}/ops/sign-in`)
  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/ops$/)

  // A vehicle to take out of service later.
  await page.goto(`${origin()}/ops/vehicles`)
  const vehicleForm = page.getByRole('form', { name: 'Add a vehicle' })
  await vehicleForm.getByLabel('Vehicle class').selectOption({ label: 'Business Luxury Minivan' })
  await vehicleForm.getByLabel('Make and model').fill('Mercedes-Benz Vito')
  await vehicleForm.getByLabel('Plate').fill('34 CAP 101')
  await vehicleForm.getByLabel('Passenger seats').fill('6')
  await vehicleForm.getByLabel('Suitcases').fill('6')
  await vehicleForm.getByRole('button', { name: 'Add vehicle' }).click()
  await expect(page.getByRole('status')).toHaveText('Vehicle 34 CAP 101 added.')

  await page
    .getByRole('navigation', { name: 'Operations' })
    .getByRole('link', { name: 'Capacity' })
    .click()
  await expect(page).toHaveURL(/\/ops\/capacity$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Capacity')
  expect((await page.request.get(`${origin()}/ops/capacity`)).headers()['cache-control']).toBe(
    'no-store',
  )
  await expect(page.getByText('Nobody has changed the rules yet')).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  // The rules: a cap of 0 is refused beside its field, and nothing typed is lost.
  const rules = page.getByRole('form', { name: 'Rules' })
  const fleetLimited = rules.getByRole('checkbox', { name: 'Sell only what the fleet can drive' })
  const bufferBefore = rules.getByRole('textbox', {
    name: 'Minutes a car is kept free before each pickup',
  })
  const eco = rules.getByRole('group', { name: 'Eco Minivan', exact: true })
  const ecoUpgrade = eco.getByRole('checkbox', { name: 'Business Luxury Minivan' })
  const ecoPerDay = eco.getByRole('textbox', { name: 'Most rides a day' })
  await fleetLimited.check()
  await bufferBefore.fill('45')
  await ecoUpgrade.check()
  await ecoPerDay.fill('0')
  await rules.getByRole('button', { name: 'Save the rules' }).click()
  await expect(ecoPerDay).toHaveAccessibleDescription(
    'Enter a whole number from 1 to 500, or leave it empty for no cap.',
  )
  await expect(ecoPerDay).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveTitle(/^Error: Capacity/)
  await expect(fleetLimited).toBeChecked()
  await expect(bufferBefore).toHaveValue('45')
  await expect(ecoUpgrade).toBeChecked()
  await expect(ecoPerDay).toHaveValue('0')
  await expectNoAxeViolations(page, testInfo)

  await ecoPerDay.fill('')
  await rules.getByRole('button', { name: 'Save the rules' }).click()
  await expect(page.getByRole('status')).toHaveText('The rules are saved.')
  await expect(fleetLimited).toBeChecked()
  await expect(bufferBefore).toHaveValue('45')
  await expect(ecoUpgrade).toBeChecked()
  await expect(page.getByText(/^Last changed on .+ by E2E capacity\.$/)).toBeVisible()

  // A closed period: an end before its start is refused beside the end, the reasons kept.
  const first = istanbulDateIn(24)
  const second = istanbulDateIn(25)
  const period = page.getByRole('form', { name: 'Add a closed period' })
  await period.getByLabel('From: day').fill(second)
  await period.getByLabel('From: time').selectOption('18:00')
  await period.getByLabel('Until: day').fill(first)
  await period.getByLabel('Until: time').selectOption('06:00')
  await period.getByLabel('Reason in English').fill('Marathon: the bridges are closed')
  await period.getByLabel('Reason in Turkish').fill('Maraton: köprüler kapalı')
  await period.getByRole('button', { name: 'Add closed period' }).click()
  await expect(period.getByLabel('Until: day')).toHaveAccessibleDescription(
    'The end must come after the start.',
  )
  await expect(page).toHaveTitle(/^Error: Capacity/)
  await expect(period.getByLabel('From: day')).toHaveValue(second)
  await expect(period.getByLabel('From: time')).toHaveValue('18:00')
  await expect(period.getByLabel('Reason in English')).toHaveValue(
    'Marathon: the bridges are closed',
  )
  await expect(period.getByLabel('Reason in Turkish')).toHaveValue('Maraton: köprüler kapalı')
  await expectNoAxeViolations(page, testInfo)

  await period.getByLabel('From: day').fill(first)
  await period.getByLabel('Until: day').fill(second)
  await period.getByRole('button', { name: 'Add closed period' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Closed period added: nothing is sold with a pickup inside it.',
  )
  const periods = page.getByRole('table', { name: 'Closed periods not yet over' })
  const closed = periods.getByRole('row').filter({ hasText: 'Marathon: the bridges are closed' })
  await expect(closed).toContainText('18:00')
  await expect(closed).toContainText('06:00')
  await expect(closed).toContainText('Maraton: köprüler kapalı')
  await expectNoAxeViolations(page, testInfo)
  await closed.getByRole('button', { name: /^Remove the closed period from / }).click()
  await expect(page.getByRole('status')).toHaveText('Closed period removed.')
  await expect(page.getByText('No closed period ahead.')).toBeVisible()

  // A service block on the vehicle added above.
  const block = page.getByRole('form', { name: 'Take a vehicle out of service' })
  await block
    .getByLabel('Vehicle', { exact: true })
    .selectOption({ label: '34 CAP 101: Mercedes-Benz Vito' })
  await block.getByLabel('From: day').fill(first)
  await block.getByLabel('From: time').selectOption('08:00')
  await block.getByLabel('Until: day').fill(second)
  await block.getByLabel('Until: time').selectOption('18:00')
  await block.getByLabel('Note').fill('Brakes at the dealer')
  await block.getByRole('button', { name: 'Add service block' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Service block added: the vehicle is not counted for that period.',
  )
  const blocked = page
    .getByRole('table', { name: 'Service blocks not yet over' })
    .getByRole('row')
    .filter({ hasText: '34 CAP 101' })
  await expect(blocked).toContainText('Brakes at the dealer')
  await expect(
    blocked.getByRole('button', { name: /^Remove the service block of 34 CAP 101 from / }),
  ).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  // What was stored, and the audit log of each change.
  const database = openServerDatabase(port)
  try {
    expect(
      database
        .prepare(
          'select fleet_limited, buffer_before_minutes, upgrades_json from capacity_settings',
        )
        .get(),
    ).toEqual({
      fleet_limited: 1,
      buffer_before_minutes: 45,
      upgrades_json: JSON.stringify({ ECOMNVN: ['LUXMNVN'] }),
    })
    const actions = database
      .prepare(
        `select action from staff_audit
          where subject = 'capacity' or subject like 'closed_period:%'
             or subject like 'vehicle_block:%'
          order by id`,
      )
      .all()
      .map((row) => (row as { action: string }).action)
    expect(actions).toEqual([
      'capacity.changed',
      'closed_period.added',
      'closed_period.removed',
      'vehicle_block.added',
    ])
  } finally {
    database.close()
  }
})
