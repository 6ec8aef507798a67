import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations, openIn } from './helpers'
import { bookAndPay, bookingsFor, tripTime } from './booking-helpers'
import { mailsWith, pickupCodeOf } from './database'
import { boardPassenger, staffCommand } from './staff-helpers'

/**
 * Dispatch, with JavaScript and without: an admin (made with `npm run staff`)
 * adds a driver linked to a driver sign-in and a vehicle, gives a paid
 * booking that driver and vehicle, is warned when a second booking half an
 * hour later would overlap and assigns anyway; the traveller's e-mail lands
 * in the outbox, the booking's audit log shows the assignment, and the
 * driver signs in to see the job. Each Playwright run starts on a fresh
 * database (playwright.config.ts), so the fixed plates below never clash.
 */

function newAccount(testInfo: TestInfo, role: 'admin' | 'driver', label: string) {
  const email = `${label}-${testInfo.project.name}-${Date.now()}@example.com`
  const password = `${label} passphrase ${Date.now()}`
  const name = `E2E ${label} ${testInfo.project.name}`
  staffCommand(['add', '--email', email, '--name', name, '--role', role], password)
  return { email, password, name }
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/ops/sign-in')
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('an admin assigns a driver and vehicle, is warned of an overlap, and the driver sees the job', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000)
  const js = testInfo.project.name === 'js'
  const since = new Date().toISOString()
  // Two bookings half an hour apart: the second overlaps the first.
  const firstTime = tripTime(testInfo, 20)
  const secondTime = tripTime(testInfo, 21)
  await bookAndPay(page, firstTime, testInfo)
  await bookAndPay(page, secondTime, testInfo)
  const [first] = bookingsFor(firstTime, since).filter((row) => row.status === 'confirmed')
  const [second] = bookingsFor(secondTime, since).filter((row) => row.status === 'confirmed')
  expect(first && second).toBeTruthy()

  const admin = newAccount(testInfo, 'admin', 'dispatch-admin')
  const driverAccount = newAccount(testInfo, 'driver', 'driver')
  const driverName = js ? 'Mehmet Kaya' : 'Hasan Demir'
  const plate = js ? '34 JS 101' : '34 NJ 101'
  // Both projects' vehicles are on the one server: choose this test's own.
  const vehicleOption = `${plate}: Mercedes-Benz Vito, Business Luxury Minivan, 6 seats, 6 suitcases`

  await signIn(page, admin)
  await expect(page).toHaveURL(/\/ops$/)

  // Drivers: a refused form keeps what was typed and says what is wrong beside the field.
  await page
    .getByRole('navigation', { name: 'Operations' })
    .getByRole('link', { name: 'Drivers' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drivers')
  expect((await page.request.get('/ops/drivers')).headers()['cache-control']).toBe('no-store')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  const driverForm = page.getByRole('form', { name: 'Add a driver' })
  await driverForm.getByLabel('Name').fill(driverName)
  await driverForm.getByLabel('Phone').fill('call me')
  await driverForm.getByRole('button', { name: 'Add driver' }).click()
  await expect(driverForm.getByText('Enter a phone number: digits, spaces').first()).toBeVisible()
  await expect(driverForm.getByText('Enter the driving licence number.').first()).toBeVisible()
  await expect(driverForm.getByLabel('Name')).toHaveValue(driverName)
  await expect(page).toHaveTitle(/^Error: Drivers/)
  await expectNoAxeViolations(page, testInfo)

  await driverForm.getByLabel('Phone').fill('+90 532 000 11 22')
  await driverForm.getByLabel('Languages spoken').fill('Turkish, English')
  await driverForm.getByLabel('Driving licence number').fill('B-445566')
  await driverForm
    .getByLabel('Driver sign-in')
    .selectOption({ label: `${driverAccount.name} (${driverAccount.email})` })
  await driverForm.getByRole('button', { name: 'Add driver' }).click()
  await expect(page.getByRole('status')).toHaveText(`Driver ${driverName} added.`)
  await expect(page.getByRole('region', { name: 'Drivers' })).toContainText(driverAccount.email)
  await expectNoAxeViolations(page, testInfo)

  // Vehicles.
  await page
    .getByRole('navigation', { name: 'Operations' })
    .getByRole('link', { name: 'Vehicles' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicles')
  const vehicleForm = page.getByRole('form', { name: 'Add a vehicle' })
  await vehicleForm.getByLabel('Vehicle class').selectOption({ label: 'Business Luxury Minivan' })
  await vehicleForm.getByLabel('Make and model').fill('Mercedes-Benz Vito')
  await vehicleForm.getByLabel('Plate').fill(plate.toLowerCase())
  await vehicleForm.getByLabel(/^Colour/).fill('Black')
  await vehicleForm.getByLabel('Passenger seats').fill('6')
  await vehicleForm.getByLabel('Suitcases').fill('6')
  await vehicleForm.getByRole('button', { name: 'Add vehicle' }).click()
  await expect(page.getByRole('status')).toHaveText(`Vehicle ${plate} added.`)
  await expectNoAxeViolations(page, testInfo)

  // The first booking: no one drives it yet; assign from its page.
  await page.goto(`/ops/bookings/${first!.reference}`)
  await expect(page.getByText('No driver or vehicle assigned yet.')).toBeVisible()
  await page.getByRole('link', { name: 'Assign a driver and vehicle' }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${first!.reference}/assign$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Driver and vehicle for ${first!.reference}`,
  )
  await expectNoAxeViolations(page, testInfo)
  await page
    .getByLabel('Driver', { exact: true })
    .selectOption({ label: `${driverName} (Turkish, English)` })
  await page.getByLabel('Vehicle', { exact: true }).selectOption({ label: vehicleOption })
  await page.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${first!.reference}\\?dispatch=assigned$`))
  await expect(page.getByRole('status')).toContainText('Driver and vehicle assigned.')
  const audit = page.getByRole('region', { name: 'Staff actions' })
  await expect(audit).toContainText('Driver and vehicle assigned')
  await expect(audit).toContainText(`Driver: – → ${driverName}`)
  await expect(audit).toContainText(admin.name)
  await expectNoAxeViolations(page, testInfo)

  // The traveller's e-mail: the driver, their phone, the car and its plate.
  const [mail] = await mailsWith([first!.reference, driverName, plate, '+90 532 000 11 22'], 1)
  expect(mail).toContain('Mercedes-Benz Vito')

  // The second booking overlaps: a warning first, then "assign anyway".
  await page.goto(`/ops/bookings/${second!.reference}/assign`)
  await page
    .getByLabel('Driver', { exact: true })
    .selectOption({ label: `${driverName} (Turkish, English)` })
  await page.getByLabel('Vehicle', { exact: true }).selectOption({ label: vehicleOption })
  await page.getByRole('button', { name: 'Assign', exact: true }).click()
  const warnings = page.getByRole('alert').filter({ hasText: 'Check before assigning' })
  await expect(warnings).toContainText(`The driver already drives ${first!.reference}`)
  await expect(warnings).toContainText(`The vehicle is already used for ${first!.reference}`)
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Assign anyway' }).click()
  await expect(page).toHaveURL(
    new RegExp(`/ops/bookings/${second!.reference}\\?dispatch=assigned$`),
  )
  const accepted = page.getByRole('region', { name: 'Staff actions' })
  await expect(accepted).toContainText('Warnings accepted')
  // In words, not the codes the audit entry keeps.
  await expect(accepted).toContainText(
    `The driver also drives ${first!.reference} at an overlapping time.`,
  )
  await expect(accepted).not.toContainText('driverOverlap')

  // The board names the driver.
  await page.goto(`/ops?day=${bookingDay()}`)
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: first!.reference }) })
  await expect(row).toContainText(driverName)
  await expect(row).toContainText('Confirmed')
  await expect(row).not.toContainText('Completed')

  // The driver signs in and lands on their own jobs.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await signIn(page, driverAccount)
  await expect(page).toHaveURL(/\/ops\/jobs$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My jobs')
  const job = page.getByRole('listitem').filter({ hasText: first!.reference })
  await expect(job).toContainText(firstTime)
  await expect(job).toContainText('Ayşe Yılmaz')
  await expect(job).toContainText('TK1984')
  await expect(job).toContainText('arrivals hall')
  await expect(job.getByRole('link', { name: '+90 532 123 45 67' })).toHaveAttribute(
    'href',
    'tel:+905321234567',
  )
  await expect(page.getByRole('listitem').filter({ hasText: second!.reference })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  // Only their own jobs: the dispatch pages are not theirs.
  const refused = await page.request.get('/ops/drivers')
  expect(refused.status()).toBe(403)

  // On a phone, the driver marks each step of the ride; each is kept with its time.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(job.getByRole('link', { name: /in maps$/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
  )
  await expect(job).toContainText('Status: Confirmed')
  await expect(job.getByRole('button')).toHaveText(['I am on my way'])
  for (const [step, status] of [
    ['I am on my way', 'On the way'],
    ['I have arrived', 'Arrived'],
  ] as const) {
    await job.getByRole('button', { name: step }).click()
    await expect(job).toContainText(`Status: ${status}`)
  }
  // The traveller says their pickup code; the ride starts with it.
  await boardPassenger(job, pickupCodeOf(first!.reference))
  await expect(job).toContainText('Status: Passenger on board')
  await expectNoAxeViolations(page, testInfo)
  // A cash tip the traveller gave is recorded with the end of the ride; a wrong amount marks nothing.
  const cashTip = job.getByLabel(/^Cash tip received/)
  await cashTip.fill('0.20')
  await job.getByRole('button', { name: 'Ride completed' }).click()
  await expect(job).toContainText('The smallest tip recorded is €1.')
  await expect(job).toContainText('Status: Passenger on board')
  await job.getByLabel(/^Cash tip received/).fill('15')
  await job.getByRole('button', { name: 'Ride completed' }).click()
  // A finished ride leaves the list.
  await expect(page.getByRole('listitem').filter({ hasText: first!.reference })).toHaveCount(0)
  await expect(page.getByRole('listitem').filter({ hasText: second!.reference })).toBeVisible()

  // Only now, its ride over, does the board call the booking completed.
  await page.context().clearCookies()
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, admin)
  await page.goto(`/ops?day=${bookingDay()}`)
  await expect(row).toContainText('Completed')
  await page.goto(`/ops/bookings/${first!.reference}`)
  await expect(page.getByRole('region', { name: 'Tips for the driver' })).toContainText(
    /In cash \(reported by the driver\)\s*€15\.00\s*Paid/,
  )
  await page.goto(`/ops?day=${bookingDay()}`)
  const secondRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: second!.reference }) })
  await expect(secondRow).toContainText('Confirmed')
  await expect(secondRow).not.toContainText('Completed')
})

function bookingDay() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(
    new Date(Date.now() + 24 * 3_600_000),
  )
}

test('the vehicles page in Turkish, with its messages beside the fields', async ({
  page,
}, testInfo) => {
  const admin = newAccount(testInfo, 'admin', 'dispatch-tr')
  await signIn(page, admin)
  await expect(page).toHaveURL(/\/ops$/)
  await openIn(page, '/ops/vehicles', 'tr')
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Araçlar')
  const form = page.getByRole('form', { name: 'Araç ekleyin' })
  await form.getByLabel('Marka ve model').fill('Ford Tourneo')
  await form.getByRole('button', { name: 'Aracı ekleyin' }).click()
  await expect(form.getByText('Araç sınıfını seçin.').first()).toBeVisible()
  await expect(form.getByText('Plakayı girin.').first()).toBeVisible()
  await expect(form.getByLabel('Marka ve model')).toHaveValue('Ford Tourneo')
  await expectNoAxeViolations(page, testInfo)
})

test('a driver edited to inactive stays on the list, marked inactive', async ({
  page,
}, testInfo) => {
  const admin = newAccount(testInfo, 'admin', 'dispatch-edit')
  const name = `Retiring Driver ${testInfo.project.name}`
  await signIn(page, admin)
  await page.goto('/ops/drivers')
  const form = page.getByRole('form', { name: 'Add a driver' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Phone').fill('+90 533 444 55 66')
  await form.getByLabel('Languages spoken').fill('Turkish')
  await form.getByLabel('Driving licence number').fill('R-1')
  await form.getByRole('button', { name: 'Add driver' }).click()
  await expect(page.getByRole('status')).toHaveText(`Driver ${name} added.`)

  await page.getByRole('link', { name: `Edit ${name}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit driver ${name}`)
  await expect(page.getByLabel('Phone')).toHaveValue('+90 533 444 55 66')
  await expectNoAxeViolations(page, testInfo)
  // A refused change keeps what was typed.
  await page.getByLabel('Phone').fill('')
  await page.getByLabel('Active: offered for new jobs').uncheck()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText("Enter the driver's phone number.").first()).toBeVisible()
  await expect(page.getByLabel('Active: offered for new jobs')).not.toBeChecked()
  await page.getByLabel('Phone').fill('+90 533 444 55 77')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status')).toHaveText('Changes saved.')
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Inactive')
  await expect(row).toContainText('+90 533 444 55 77')

  // The driver's own history: who added and changed them, before and after.
  await page.getByRole('link', { name: `Edit ${name}` }).click()
  const history = page.getByRole('region', { name: 'Staff actions' })
  await expect(history).toContainText('Driver added')
  await expect(history).toContainText('Driver changed')
  await expect(history).toContainText('Phone: +90 533 444 55 66 → +90 533 444 55 77')
  await expect(history).toContainText('Active: Yes → No')
  await expect(history).toContainText(admin.name)
  await expectNoAxeViolations(page, testInfo)

  // A form a browser posts from another site is refused, even signed in, and changes
  // nothing. (With an Origin header of another host React Router refuses it first.)
  const forged = await page.request.post('/ops/drivers', {
    headers: { 'Sec-Fetch-Site': 'cross-site' },
    form: { name: 'Forged', phone: '+90 500 000 00 00', languages: 'x', licenceNumber: 'x' },
  })
  expect(forged.status()).toBe(403)
  expect(forged.headers()['cache-control']).toBe('no-store')
  await page.goto('/ops/drivers')
  await expect(page.getByRole('region', { name: 'Drivers' })).not.toContainText('Forged')
})
