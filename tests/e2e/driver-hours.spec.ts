import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import { bookAndPay, receivedReference } from './booking-helpers'
import { staffCommand } from './staff-helpers'

/**
 * A driver's working hours and time off (docs/dispatch.md), with JavaScript and
 * without: the driver, on a phone, sets Monday to Friday 08:00 to 18:00 and a
 * day off on their own page; dispatch then cannot give them a ride at 20:00 (the
 * reason beside the driver field) and gives them one at 10:00. Another driver
 * cannot touch those hours. Both projects share the server: every driver,
 * vehicle and account here is this project's own, and the rides are on a day no
 * other spec books (fifteen days on or later).
 */

/** The first weekday (Monday to Friday) fifteen days on or later, and the day after it. */
function rideDays(): { day: string; dayOff: string; weekday: string } {
  for (let offset = 15; offset < 20; offset++) {
    const day = istanbulDateIn(offset)
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    )
    if (!['Saturday', 'Sunday'].includes(weekday)) {
      return { day, dayOff: istanbulDateIn(offset + 1), weekday }
    }
  }
  throw new Error('no weekday in five days')
}

function newAccount(testInfo: TestInfo, role: 'dispatcher' | 'driver', label: string) {
  const email = `${label}-${testInfo.project.name}-${Date.now()}@example.com`
  const password = `${label} passphrase ${Date.now()}`
  const name = `E2E ${label} ${testInfo.project.name}`
  staffCommand(['add', '--email', email, '--name', name, '--role', role], password)
  return { email, password, name }
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.context().clearCookies()
  await page.goto('/ops/sign-in')
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Adds a driver linked to `account` on the drivers page; returns their id. */
async function addDriver(page: Page, name: string, account: { name: string; email: string }) {
  await page.goto('/ops/drivers')
  const form = page.getByRole('form', { name: 'Add a driver' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Phone').fill('+90 532 000 44 55')
  await form.getByLabel('Languages spoken').fill('Turkish, English')
  await form.getByLabel('Driving licence number').fill(`WH-${name}`)
  await form
    .getByLabel('Driver sign-in')
    .selectOption({ label: `${account.name} (${account.email})` })
  await form.getByRole('button', { name: 'Add driver' }).click()
  await expect(page.getByRole('status')).toHaveText(`Driver ${name} added.`)
  const href = await page.getByRole('link', { name: `Edit ${name}` }).getAttribute('href')
  return Number(/\/ops\/drivers\/(\d+)$/.exec(href ?? '')![1])
}

/** One weekday's row of the working hours form. */
const weekdayRow = (page: Page, weekday: string) => page.getByRole('group', { name: weekday })

test('a driver sets their hours and a day off; dispatch assigns them only inside', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000)
  const project = testInfo.project.name
  const { day, dayOff, weekday } = rideDays()

  // Two paid rides on a weekday: one at 10:00 (about two hours to Şile), one at 20:00.
  await bookAndPay(page, '10:00', testInfo, { day })
  const morning = await receivedReference(page)
  await bookAndPay(page, '20:00', testInfo, { day })
  const evening = await receivedReference(page)

  const office = newAccount(testInfo, 'dispatcher', 'hours-desk')
  const driverAccount = newAccount(testInfo, 'driver', 'hours-driver')
  const otherAccount = newAccount(testInfo, 'driver', 'hours-other')
  const driverName = `Ayşe Saat ${project}`
  const plate = project === 'js' ? '34 WH 101' : '34 WH 102'

  // The office adds the driver (and another one) and a vehicle.
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, office)
  await expect(page).toHaveURL(/\/ops$/)
  const driverId = await addDriver(page, driverName, driverAccount)
  await addDriver(page, `Other Saat ${project}`, otherAccount)
  await page.goto('/ops/vehicles')
  const vehicleForm = page.getByRole('form', { name: 'Add a vehicle' })
  await vehicleForm.getByLabel('Vehicle class').selectOption({ label: 'Business Luxury Minivan' })
  await vehicleForm.getByLabel('Make and model').fill('Mercedes-Benz Vito')
  await vehicleForm.getByLabel('Plate').fill(plate)
  await vehicleForm.getByLabel(/^Colour/).fill('Black')
  await vehicleForm.getByLabel('Passenger seats').fill('6')
  await vehicleForm.getByLabel('Suitcases').fill('6')
  await vehicleForm.getByRole('button', { name: 'Add vehicle' }).click()
  await expect(page.getByRole('status')).toHaveText(`Vehicle ${plate} added.`)

  // The driver, on a phone: their hours below their jobs.
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, driverAccount)
  await expect(page).toHaveURL(/\/ops\/jobs$/)
  const hours = page.getByRole('form', { name: 'Working hours' })
  await expect(hours).toBeVisible()
  await expect(page.getByText('No hours entered yet')).toBeVisible()

  // A refused week keeps what was chosen, each message beside its field.
  await weekdayRow(page, 'Monday').getByLabel('From', { exact: true }).selectOption('18:00')
  await weekdayRow(page, 'Monday').getByLabel('Until', { exact: true }).selectOption('08:00')
  await weekdayRow(page, 'Tuesday').getByLabel('From', { exact: true }).selectOption('08:00')
  await hours.getByRole('button', { name: 'Save working hours' }).click()
  const mondayUntil = weekdayRow(page, 'Monday').getByLabel('Until', { exact: true })
  await expect(mondayUntil).toHaveAccessibleDescription('The end must be after the start.')
  await expect(
    weekdayRow(page, 'Tuesday').getByLabel('Until', { exact: true }),
  ).toHaveAccessibleDescription('Choose when the shift ends.')
  await expect(weekdayRow(page, 'Monday').getByLabel('From', { exact: true })).toHaveValue('18:00')
  await expect(page).toHaveTitle(/^Error: /)

  for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await weekdayRow(page, name).getByLabel('From', { exact: true }).selectOption('08:00')
    await weekdayRow(page, name).getByLabel('Until', { exact: true }).selectOption('18:00')
  }
  await hours.getByRole('button', { name: 'Save working hours' }).click()
  await expect(page.getByRole('status')).toHaveText('Working hours saved.')
  await expect(weekdayRow(page, 'Friday').getByLabel('Until', { exact: true })).toHaveValue('18:00')
  await expect(weekdayRow(page, 'Saturday').getByLabel('From', { exact: true })).toHaveValue('')

  // A day off: the whole of the day after the rides.
  const timeOff = page.getByRole('form', { name: 'Add time off' })
  await timeOff.getByLabel('From (date)').fill(dayOff)
  await timeOff.getByLabel('Until (date)').fill(dayOff)
  await expect(timeOff.getByLabel('From (time)')).toHaveValue('00:00')
  await expect(timeOff.getByLabel('Until (time)')).toHaveValue('24:00')
  await timeOff.getByLabel(/^Note/).fill('Family visit')
  await timeOff.getByRole('button', { name: 'Add time off' }).click()
  await expect(page.getByRole('status')).toHaveText('Time off added.')
  const list = page.getByRole('list', { name: 'Time off ahead' })
  await expect(list).toContainText('Family visit')
  await expect(list).toContainText('24:00')
  await expectNoAxeViolations(page, testInfo)
  const timeOffId = await list.locator('input[name="id"]').first().getAttribute('value')

  // Another driver cannot remove it, nor reach the dispatch page of this driver.
  await signIn(page, otherAccount)
  await expect(page).toHaveURL(/\/ops\/jobs$/)
  const removal = await page.request.post('/ops/jobs', {
    form: { intent: 'removeTimeOff', id: timeOffId! },
  })
  expect(removal.status()).toBe(404)
  const hoursChange = await page.request.post(`/ops/drivers/${driverId}`, {
    form: { intent: 'hours' },
  })
  expect(hoursChange.status()).toBe(403)

  // Dispatch: the evening ride is outside the driver's hours.
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, office)
  await page.goto(`/ops/bookings/${evening}/assign`)
  const driverField = page.getByLabel('Driver', { exact: true })
  const vehicleOption = `${plate}: Mercedes-Benz Vito, Business Luxury Minivan, 6 seats, 6 suitcases`
  await driverField.selectOption({
    label: `${driverName} (Turkish, English): off duty for this ride`,
  })
  await page.getByLabel('Vehicle', { exact: true }).selectOption({ label: vehicleOption })
  await page.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(driverField).toHaveAccessibleDescription(
    `${driverName} does not work at 20:00 on ${weekday}. Choose another driver.`,
  )
  await expect(driverField).toHaveValue(String(driverId))
  await expect(page).toHaveTitle(/^Error: /)
  await expectNoAxeViolations(page, testInfo)

  // The morning ride is inside them.
  await page.goto(`/ops/bookings/${morning}/assign`)
  await driverField.selectOption({ label: `${driverName} (Turkish, English)` })
  await page.getByLabel('Vehicle', { exact: true }).selectOption({ label: vehicleOption })
  await page.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${morning}\\?dispatch=assigned$`))

  // The driver's page for dispatch shows the week, the day off and who changed them.
  await page.goto(`/ops/drivers/${driverId}`)
  await expect(weekdayRow(page, 'Monday').getByLabel('From', { exact: true })).toHaveValue('08:00')
  await expect(page.getByRole('list', { name: 'Time off ahead' })).toContainText('Family visit')
  const history = page.getByRole('region', { name: 'Staff actions' })
  await expect(history).toContainText('Working hours changed')
  await expect(history).toContainText('Monday: – → 08:00–18:00')
  await expect(history).toContainText('Time off added')
  await expect(history).toContainText(driverAccount.name)
  await expectNoAxeViolations(page, testInfo)
})
