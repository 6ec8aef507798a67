import { readFileSync } from 'node:fs'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn, openIn } from './helpers'
import { openServerDatabase } from './database'
import { bookAndPay, bookingsFor, tripTime } from './booking-helpers'
import { newAccount, signIn } from './staff-helpers'

/**
 * The reports, with JavaScript and without: a booking paid through the site
 * counts in today's revenue, the section's CSV file gives the same totals as
 * the bookings CSV by payment day, a wrong period is refused beside its
 * field, a dispatcher reads it all and a driver may not.
 */

/** A CSV file's lines as objects keyed by its header (fields here hold no line breaks). */
function records(text: string): Record<string, string>[] {
  const split = (line: string) => {
    const fields: string[] = []
    let field = ''
    let quoted = false
    for (let index = 0; index < line.length; index++) {
      const char = line[index]!
      if (quoted && char === '"' && line[index + 1] === '"') {
        field += '"'
        index++
      } else if (char === '"') quoted = !quoted
      else if (char === ',' && !quoted) {
        fields.push(field)
        field = ''
      } else field += char
    }
    return [...fields, field]
  }
  const [header, ...lines] = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map(split)
  return lines.map((line) => Object.fromEntries(header!.map((name, index) => [name, line[index]!])))
}

const toMinor = (amount: string) => Math.round(Number(amount) * 100)

/**
 * Today's revenue total in a currency from the report's CSV, and the sum of
 * the same rides in the bookings CSV by payment day, read back to back (other
 * tests pay on the same server meanwhile: the caller retries until they meet).
 */
async function bothTotals(request: APIRequestContext, today: string, currency: string) {
  const query = `from=${today}&to=${today}&by=day`
  const report = records(await (await request.get(`/ops/reports/revenue.csv?${query}`)).text())
  const bookings = records(
    await (await request.get(`/ops/board.csv?day=${today}&until=${today}&dates=paid`)).text(),
  ).filter((row) => row.Status !== 'Cancelled' && row.Currency === currency)
  const total = report.find((row) => row.Period === 'total' && row.Currency === currency)
  return {
    report: total
      ? [Number(total.Rides), toMinor(total.Total!), toMinor(total['Charged by card']!)]
      : null,
    bookings: [
      bookings.length,
      bookings.reduce((sum, row) => sum + toMinor(row.Total!), 0),
      bookings.reduce((sum, row) => sum + toMinor(row['Charged by card']!), 0),
    ],
  }
}

test('a paid booking counts in today’s report, its CSV agrees with the bookings CSV', async ({
  page,
}, testInfo) => {
  const time = tripTime(testInfo, 22)
  const since = new Date().toISOString()
  await bookAndPay(page, time, testInfo)
  const [booking] = bookingsFor(time, since).filter((row) => row.status === 'confirmed')
  expect(booking).toBeDefined()
  const today = istanbulDateIn(0)

  // A review written today, as a traveller's would be after the ride: the reviews chart draws it.
  const database = openServerDatabase()
  try {
    database
      .prepare(
        `insert into ride_reviews (booking_id, vehicle_class, driver_stars, car_stars,
           punctuality_stars, publish_consent, author_name, language, status, created_at)
         select id, vehicle_class, 5, 4, 5, 0, 'E2E R.', 'en', 'new', ? from bookings where reference = ?`,
      )
      .run(new Date().toISOString(), booking!.reference)
  } finally {
    database.close()
  }

  const dispatcher = newAccount(testInfo, 'dispatcher', 'reports')
  await page.goto('/ops/sign-in')
  await signIn(page, dispatcher.email, dispatcher.password)
  await page.getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports')
  // The current month by day, unless asked otherwise.
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(`${today.slice(0, 7)}-01`)
  await expect(page.getByLabel('Revenue by', { exact: true })).toHaveValue('day')

  // Today only: the booking's line in the bookings CSV, and a revenue row for today.
  await page.getByLabel('From', { exact: true }).fill(today)
  await page.getByLabel('To', { exact: true }).fill(today)
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/reports\\?from=${today}&to=${today}&by=day$`))
  const bookingsCsv = records(
    await (await page.request.get(`/ops/board.csv?day=${today}&until=${today}&dates=paid`)).text(),
  )
  const line = bookingsCsv.find((row) => row.Reference === booking!.reference)
  expect(line, 'the booking in the bookings CSV by payment day').toBeDefined()
  expect(line!.Status).toBe('Confirmed')
  expect(toMinor(line!['Total in EUR']!)).toBe(booking!.total_cents)
  const currency = line!.Currency!
  const revenue = page.getByRole('table', { name: /^Revenue by day/ })
  await expect(revenue).toBeVisible()
  await expect(revenue.getByRole('row').filter({ hasText: currency }).first()).toBeVisible()
  await expect(page.getByRole('table', { name: /^Lead time from booking to pickup/ })).toBeVisible()
  // At 1280 px, each money and rides section draws its figures as a chart on the
  // server (an SVG, there without a script), its table beside it.
  for (const name of [
    'Revenue by day, in euros',
    'Revenue by vehicle class, in euros',
    'Rides by where they were booked',
  ]) {
    const chart = page.getByRole('img', {
      name: new RegExp(`^${name} Every figure is in the table below\\.$`),
    })
    await expect(chart).toBeVisible()
    expect(await chart.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg')
    expect(await chart.locator('rect').count()).toBeGreaterThan(0)
    expect((await chart.boundingBox())!.width).toBeGreaterThan(500)
  }
  const channels = page.getByRole('table', { name: /^Rides by channel/ })
  await expect(channels.getByRole('row', { name: /^Website \(travellers\)/ })).toBeVisible()
  await expect(
    page.getByRole('img', { name: /^Revenue by day, in euros/ }).locator('text', { hasText: '€' }),
  ).not.toHaveCount(0)
  await expect(
    page.getByRole('img', { name: /^Average review score, out of 5/ }).locator('rect'),
  ).toHaveCount(1)
  await expect(page.getByRole('table', { name: /^Reviews by day/ })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  // The section's own file, named by its period, never stored by a cache.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download “Revenue by day” as CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`revenue-${today}-to-${today}-by-day.csv`)
  const downloaded = records(readFileSync((await file.path())!, 'utf8'))
  const todayRow = downloaded.find((row) => row.Period === today && row.Currency === currency)
  expect(toMinor(todayRow!.Total!)).toBeGreaterThanOrEqual(toMinor(line!.Total!))
  const answer = await page.request.get(`/ops/reports/revenue.csv?from=${today}&to=${today}&by=day`)
  expect(answer.headers()['cache-control']).toBe('no-store')
  expect(answer.headers()['content-disposition']).toBe(
    `attachment; filename="revenue-${today}-to-${today}-by-day.csv"`,
  )

  // The report's totals are the bookings CSV's, ride for ride.
  await expect(async () => {
    const totals = await bothTotals(page.request, today, currency)
    expect(totals.report).toEqual(totals.bookings)
  }).toPass({ timeout: 15_000 })

  // A period ending before it starts is refused beside its field, what was typed kept.
  const refused = await page.goto(`/ops/reports?from=${today}&to=2000-01-01&by=week`)
  expect(refused?.status()).toBe(400)
  await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription(
    'The end of the period cannot be before its start.',
  )
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('2000-01-01')
  await expect(page.getByLabel('Revenue by', { exact: true })).toHaveValue('week')
  await expect(page).toHaveTitle(/^Error: /)

  // In Turkish, and on a phone: the tables scroll in their own region, the page does not.
  await openIn(page, `/ops/reports?from=${today}&to=${today}`, 'tr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raporlar')
  await expect(page.getByRole('table', { name: /^Günlük gelir/ })).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true)
  await expectNoAxeViolations(page, testInfo)
  await openIn(page, '/ops/reports', 'en')
})

test('a driver may not read the reports', async ({ page }, testInfo) => {
  const driver = newAccount(testInfo, 'driver', 'reports-driver')
  await page.goto('/ops/sign-in')
  await signIn(page, driver.email, driver.password)
  await expect(page).toHaveURL(/\/ops\/jobs$/)
  await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0)
  const response = await page.goto('/ops/reports')
  expect(response?.status()).toBe(403)
  expect(response?.headers()['cache-control']).toBe('no-store')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not for your role')
  const file = await page.request.get('/ops/reports/revenue.csv')
  expect(file.status()).toBe(403)
})
