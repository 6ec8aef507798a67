import { readFileSync } from 'node:fs'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { assignNewDriver, newAccount, signIn } from './staff-helpers'
import { expectNoAxeViolations } from './helpers'
import { markFinished, openServerDatabase } from './database'
import { istanbulPickupIn, payBookingOverHttp } from './traveller-helpers'

/**
 * What a driver is owed (docs/settlements.md), with JavaScript and without:
 * an admin sets a driver's pay rule (a wrong one refused beside its field),
 * opens the settlement of the period of a finished deposit ride with a card
 * tip, reads its figures and balances, downloads the CSV and marks the
 * period settled, once; a dispatcher sees it but their POST is refused; the
 * driver sees their own settlement only.
 */

/** The booking's money as stored, and its driver. */
function storedRide(reference: string) {
  const database = openServerDatabase()
  try {
    return database
      .prepare(
        `select bookings.id as id, trip_date, currency, total_minor, discount_minor, paid_minor,
                booking_assignments.driver_id as driver_id
         from bookings join booking_assignments on booking_assignments.booking_id = bookings.id
         where reference = ?`,
      )
      .get(reference) as {
      id: string
      trip_date: string
      currency: string
      total_minor: number
      discount_minor: number
      paid_minor: number
      driver_id: number
    }
  } finally {
    database.close()
  }
}

/** A paid card tip for the driver, as the tip's payment stores it. */
function paidCardTip(bookingId: string, driverId: number, amountMinor: number, currency: string) {
  const database = openServerDatabase()
  try {
    const at = new Date().toISOString()
    database
      .prepare(
        `insert into ride_tips (booking_id, driver_id, method, amount_minor, currency, status, paid_at, created_at)
         values (?, ?, 'card', ?, ?, 'paid', ?, ?)`,
      )
      .run(bookingId, driverId, amountMinor, currency, at, at)
  } finally {
    database.close()
  }
}

function settlementRows(driverId: number) {
  const database = openServerDatabase()
  try {
    return database
      .prepare('select period_from, period_to from driver_settlements where driver_id = ?')
      .all(driverId)
  } finally {
    database.close()
  }
}

async function staffPage(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
  js: boolean,
  phone = false,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: js,
    ...(phone
      ? { viewport: { width: 390, height: 844 } }
      : { viewport: { width: 1280, height: 900 } }),
  })
  const page = await context.newPage()
  await page.goto('/ops/sign-in')
  await signIn(page, account.email, account.password)
  return page
}

/** Minor units as the English pages show them: '€12.30', 'TRY 450.00'. */
function shown(minor: number, currency: string) {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
  }).format(minor / 100)
}

test('an admin settles what a driver is owed for a period', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000)
  const js = testInfo.project.name === 'js'
  const reference = await payBookingOverHttp(page.request, {
    ...istanbulPickupIn(js ? 70 : 71),
    paymentOption: 'depositCash',
  })
  const admin = newAccount(testInfo, 'admin', 'settle-admin')
  const dispatcher = newAccount(testInfo, 'dispatcher', 'settle-dispatcher')
  const driverAccount = newAccount(testInfo, 'driver', 'settle-driver')
  const office = await staffPage(browser, baseURL!, admin, js)
  const name = js ? 'Emre Yıldız' : 'Cem Aydın'
  await assignNewDriver(office, reference, {
    name,
    phone: '+90 533 444 77 88',
    plate: js ? '34 ST 401' : '34 ST 402',
    signInLabel: `E2E settle-driver (${driverAccount.email})`,
  })
  markFinished(reference)
  const ride = storedRide(reference)
  paidCardTip(ride.id, ride.driver_id, 1_000, ride.currency)
  const fare = ride.total_minor - ride.discount_minor
  const cash = fare - ride.paid_minor
  expect(cash).toBeGreaterThan(0)
  const period = `from=${ride.trip_date}&to=${ride.trip_date}`
  const settlementPath = `/ops/drivers/${ride.driver_id}/settlement`
  // As Intl writes it: 'TRY' and the amount apart by a no-break space.
  const lira = shown(45_000, 'TRY')

  // The pay rule on the driver's form: a share over 100% is refused beside its field.
  await office.goto(`/ops/drivers/${ride.driver_id}`)
  const form = office.getByRole('form', { name: `Edit driver ${name}` })
  await form.getByLabel('Pay rule').selectOption({ label: 'Share of each ride’s price (%)' })
  await form.getByLabel('Pay amount').fill('150')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(office.getByLabel('Pay amount')).toHaveAccessibleDescription(
    /Enter a share from 1 to 100 percent\./,
  )
  await office.getByLabel('Pay rule').selectOption({ label: 'Per ride (lira)' })
  await office.getByLabel('Pay amount').fill('450')
  await office.getByRole('button', { name: 'Save changes' }).click()
  await expect(office).toHaveURL(/\/ops\/drivers\?saved=1$/)

  // The settlement, from the driver's page, then the ride's period.
  await office.goto(`/ops/drivers/${ride.driver_id}`)
  await office.getByRole('link', { name: 'Settlement: what they are owed' }).click()
  await expect(office).toHaveURL(new RegExp(`${settlementPath}$`))
  const periodForm = office.getByRole('form', { name: 'Settlement period' })
  await periodForm.getByLabel('From').fill(ride.trip_date)
  await periodForm.getByLabel('To').fill(ride.trip_date)
  await periodForm.getByRole('button', { name: 'Show' }).click()
  await expect(office).toHaveURL(new RegExp(`${settlementPath}\\?${period}$`))
  await expect(office.getByRole('heading', { level: 1 })).toHaveText(`Settlement: ${name}`)
  await expect(office.getByText(`${lira} per ride`, { exact: true })).toBeVisible()
  const rides = office.getByRole('region', { name: 'Rides finished in the period, by pickup' })
  await expect(rides.getByRole('link', { name: reference })).toHaveAttribute(
    'href',
    `/ops/bookings/${reference}`,
  )
  const row = rides.getByRole('row').filter({ hasText: reference })
  await expect(row.getByRole('cell')).toHaveText([
    /\d{2}:\d{2}$/,
    shown(fare, ride.currency),
    shown(cash, ride.currency),
    '–',
    shown(1_000, ride.currency),
    `${lira} Per ride`,
  ])
  const totals = office.getByRole('region', { name: 'Totals per currency' })
  await expect(totals.getByRole('row').filter({ hasText: 'TRY' })).toContainText(lira)
  await expect(office.getByText(`The company owes ${name} ${lira}`)).toBeVisible()
  await expect(
    office.getByText(`${name} owes the company ${shown(cash - 1_000, ride.currency)}`),
  ).toBeVisible()
  await expect(office.getByText('Not settled yet')).toBeVisible()
  await expectNoAxeViolations(office, testInfo)

  // The CSV of the same figures.
  const download = office.waitForEvent('download')
  await office.getByRole('link', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(
    `settlement-${ride.driver_id}-${ride.trip_date}-to-${ride.trip_date}.csv`,
  )
  const csv = readFileSync((await file.path())!, 'utf8')
  const amount = (minor: number) => (minor / 100).toFixed(2)
  expect(csv.startsWith('\uFEFF')).toBe(true)
  const lines = csv.slice(1).split('\r\n')
  expect(lines[0]).toBe(
    'Reference,Pickup date,Pickup time,Currency,Fare,Cash collected,Cash tips,Card tips,Pay,Pay currency,Balance',
  )
  expect(lines[1]).toMatch(
    new RegExp(
      `^${reference},${ride.trip_date},\\d{2}:\\d{2},${ride.currency},${amount(fare)},${amount(cash)},0\\.00,10\\.00,450\\.00,TRY,$`,
    ),
  )
  expect(lines).toContain('Total,,,TRY,0.00,0.00,0.00,0.00,450.00,TRY,450.00')
  expect(lines).toContain(
    `Total,,,${ride.currency},${amount(fare)},${amount(cash)},0.00,10.00,0.00,${ride.currency},-${amount(cash - 1_000)}`,
  )

  // A dispatcher sees the settlement, not the button, and their POST is refused.
  const desk = await staffPage(browser, baseURL!, dispatcher, js)
  await desk.goto(`${settlementPath}?${period}`)
  await expect(desk.getByText('Only an admin may mark a period settled.')).toBeVisible()
  await expect(desk.getByRole('button', { name: 'Mark as settled' })).toHaveCount(0)
  const refused = await desk.request.post(`${settlementPath}?${period}`, {
    form: { intent: 'settle', from: ride.trip_date, to: ride.trip_date },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(403)
  expect(settlementRows(ride.driver_id)).toEqual([])

  // The admin marks it settled, once.
  await office.getByRole('button', { name: 'Mark as settled' }).click()
  await expect(office.getByText('The period is marked as settled.')).toBeVisible()
  await expect(office.getByText(/^Settled on .+ by E2E settle-admin$/)).toBeVisible()
  await expect(office.getByRole('button', { name: 'Mark as settled' })).toHaveCount(0)
  const again = await office.request.post(`${settlementPath}?${period}`, {
    form: { intent: 'settle', from: ride.trip_date, to: ride.trip_date },
    maxRedirects: 0,
  })
  expect(again.status()).toBe(303)
  expect(again.headers()['location']).toContain('done=already')
  expect(settlementRows(ride.driver_id)).toEqual([
    { period_from: ride.trip_date, period_to: ride.trip_date },
  ])
  await office.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(office, testInfo)

  // The driver: their own settlement from their jobs page, never the office's page.
  const driver = await staffPage(browser, baseURL!, driverAccount, js, true)
  await driver.goto('/ops/jobs')
  await driver.getByRole('link', { name: 'My settlement: what I am owed' }).click()
  await expect(driver).toHaveURL(/\/ops\/jobs\/settlement$/)
  await driver.goto(`/ops/jobs/settlement?${period}`)
  await expect(driver.getByRole('heading', { level: 1 })).toHaveText('My settlement')
  const own = driver.getByRole('region', { name: 'Rides finished in the period, by pickup' })
  await expect(own).toContainText(reference)
  await expect(own.getByRole('link', { name: reference })).toHaveCount(0)
  await expect(driver.getByText(`The company owes ${name} ${lira}`)).toBeVisible()
  await expect(driver.getByText(/^Settled on .+ by E2E settle-admin$/)).toBeVisible()
  await expectNoAxeViolations(driver, testInfo)
  const office403 = await driver.request.get(`${settlementPath}?${period}`, { maxRedirects: 0 })
  expect(office403.status()).toBe(403)
  const csv403 = await driver.request.get(`${settlementPath}.csv?${period}`, { maxRedirects: 0 })
  expect(csv403.status()).toBe(403)
})
