import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, openIn } from './helpers'
import { bookAndPay, bookingsFor, date, tripTime, fillPassengerIdentity } from './booking-helpers'
import { newAccount, signIn } from './staff-helpers'

/**
 * The board beyond one day, with JavaScript and without: a week, a search on
 * every day, the status filter, the passenger names given (beside the status,
 * never a status: the ride is still to come), the CSV file and the printable
 * run sheet of a booking paid in the test. With JavaScript the board also
 * takes in a booking paid while it is open, without a reload.
 */

async function paidBooking(
  page: import('@playwright/test').Page,
  time: string,
  testInfo: import('@playwright/test').TestInfo,
) {
  const since = new Date().toISOString()
  await bookAndPay(page, time, testInfo)
  const [booking] = bookingsFor(time, since).filter((row) => row.status === 'confirmed')
  expect(booking).toBeDefined()
  return booking!.reference
}

test('a week, a search, a filter, the CSV file and the run sheet', async ({ page }, testInfo) => {
  const time = tripTime(testInfo, 30)
  const reference = await paidBooking(page, time, testInfo)
  const admin = newAccount(testInfo, 'admin', 'board')
  await page.goto('/ops/sign-in')
  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/ops$/)

  // The week from today holds tomorrow's booking, with its day.
  await page.getByRole('link', { name: 'Week', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pickups from .+ to .+/)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) })
  await expect(row).toContainText(time)
  await expectNoAxeViolations(page, testInfo)

  // A search by reference finds it on any day shown; another status hides it.
  await page.getByLabel('Search').fill(reference.toLowerCase())
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Bookings matching “${reference.toLowerCase()}”`,
  )
  await expect(page.getByRole('row')).toHaveCount(2)
  await expect(row).toContainText('Confirmed')
  await page.goto(`/ops?day=${date}&status=cancelled`)
  await expect(page.getByLabel('Status')).toHaveValue('cancelled')
  await expect(page.getByRole('link', { name: reference })).toHaveCount(0)
  await page.goto(`/ops?day=${date}&status=confirmed`)
  await expect(row).toBeVisible()
  // The filter's Completed is the rides that ended.
  await expect(page.getByLabel('Status').getByRole('option')).toHaveText([
    'Any',
    'Confirmed',
    'Completed',
    'Cancelled',
  ])
  await expect(row).not.toContainText('Names given')

  // The traveller gives the passengers' names: a fact beside the status, the ride still to come.
  await page.goto('/booking-received')
  await fillPassengerIdentity(page, 1)
  await page.getByRole('button', { name: 'Complete Reservation' }).click()
  await expect(page.getByRole('dialog', { name: 'Reservation Completed' })).toBeVisible()
  await page.goto(`/ops?day=${date}`)
  const status = row.getByRole('cell').nth(1)
  await expect(status).toContainText('Confirmed')
  await expect(status).toContainText('Names given')
  await expect(status).toContainText('Needs a driver')
  await expect(status).not.toContainText('Completed')
  await page.goto(`/ops?day=${date}&status=finished`)
  await expect(page.getByRole('link', { name: reference })).toHaveCount(0)
  await page.goto(`/ops/bookings/${reference}`)
  const facts = page.locator('dl.ops-details').first()
  await expect(facts).toContainText('StatusConfirmed')
  await expect(facts).toContainText(/Names given.+, by the traveller \(online\)/)
  await expect(page.getByRole('main')).not.toContainText('Completed')
  await expectNoAxeViolations(page, testInfo)
  await openIn(page, `/ops?day=${date}`, 'tr')
  await expect(status).toContainText('Onaylandı')
  await expect(status).toContainText('Yolcu isimleri verildi')
  await expect(status).not.toContainText('Tamamlandı')
  await openIn(page, `/ops?day=${date}&status=confirmed`, 'en')

  // The CSV file of that view: a header line, then the booking.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download as CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`bookings-${date}.csv`)
  const csv = readFileSync((await file.path())!, 'utf8')
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFDay,Time,Expected pickup,Reference,Status,Names given,Vehicle class,From,Pickup address,To,Hours hired,Passengers,Luggage,Flight,Traveller,E-mail,Phone',
  )
  const line = csv.split('\r\n').find((entry) => entry.includes(reference))
  // When the names were given, in Istanbul time like the pickup's day and time; no
  // flight-status provider in these tests, so no expected pickup beside the booked one.
  expect(line).toMatch(
    new RegExp(
      `^${date},${time},,${reference},Confirmed,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Business Luxury Minivan,`,
    ),
  )
  expect(line).toContain("'+90 532 123 45 67")

  // Accounting's export: any range of days, here the booking's day and three more.
  const until = new Date(Date.parse(`${date}T12:00:00Z`) + 3 * 86_400_000)
    .toISOString()
    .slice(0, 10)
  await page.getByText('Export a date range as CSV').click()
  const exportForm = page.getByRole('form', { name: 'Export a date range as CSV' })
  await exportForm.getByLabel('From').fill(date)
  await exportForm.getByLabel('Until').fill(until)
  const rangeDownload = page.waitForEvent('download')
  await exportForm.getByRole('button', { name: 'Download CSV' }).click()
  const rangeFile = await rangeDownload
  expect(rangeFile.suggestedFilename()).toBe(`bookings-${date}-to-${until}.csv`)
  expect(readFileSync((await rangeFile.path())!, 'utf8')).toContain(reference)

  // The run sheet: the job with what the driver needs.
  await page.getByRole('link', { name: 'Run sheet to print' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Run sheet: /)
  const job = page.getByRole('listitem').filter({ hasText: reference })
  await expect(job.getByRole('heading', { level: 2 })).toHaveText(`${time} · ${reference}`)
  await expect(job).toContainText('TK1984')
  await expect(job).toContainText('Child seat')
  await expect(job.getByRole('link', { name: '+90 532 123 45 67' })).toHaveAttribute(
    'href',
    'tel:+905321234567',
  )
  await expectNoAxeViolations(page, testInfo)
})

test('an open board takes in a booking paid meanwhile', async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name === 'no-js', 'without JavaScript the Refresh link reloads')
  const admin = newAccount(testInfo, 'admin', 'refresh')
  await page.clock.install()
  await page.goto('/ops/sign-in')
  await signIn(page, admin.email, admin.password)
  await page.goto(`/ops?day=${date}`)

  const traveller = await browser.newContext()
  const reference = await paidBooking(await traveller.newPage(), tripTime(testInfo, 31), testInfo)
  await traveller.close()

  await expect(page.getByRole('link', { name: reference })).toHaveCount(0)
  await page.clock.runFor(31_000)
  // Other tests book for the same day meanwhile, so rows are not counted: the new one is there.
  await expect(page.getByRole('link', { name: reference })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /bookings? \(updated / })).toBeVisible()
})
