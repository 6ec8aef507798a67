import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn, openIn } from './helpers'
import { bookAndPay, receivedReference, tripTime } from './booking-helpers'
import { istanbulPickupIn } from './traveller-helpers'
import { outboxDir, paidToken } from './database'
import { windowHours } from './rule-texts'

/**
 * A dispatcher cancels a booking paid in the test and refunds it in full
 * through the payment simulator, with JavaScript and without: the cancel
 * form (its refusal of a missing reason, both languages, axe), the booking
 * page's refund and audit entries, the e-mails in the test server's outbox
 * and the refund on the simulator's own page.
 */

const port = Number(process.env.E2E_PORT ?? 3210)

/** `npm run staff add` against the test server's database, the password on stdin. */
function newDispatcher(testInfo: TestInfo, role: 'dispatcher' | 'driver' = 'dispatcher') {
  const email = `cancel-${role}-${testInfo.project.name}-${Date.now()}@example.com`
  const password = `cancel passphrase ${Date.now()}`
  const name = role === 'dispatcher' ? 'E2E desk' : 'E2E driver'
  const run = spawnSync(
    process.execPath,
    ['scripts/staff.mjs', 'add', '--email', email, '--name', name, '--role', role],
    {
      input: `${password}\n`,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        SESSION_SECRET: 'e2e-only-secret-not-for-production',
        DATABASE_URL: `data/e2e-${port}.sqlite`,
      },
    },
  )
  expect(run.status, run.stderr).toBe(0)
  return { email, password }
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The outbox's messages about a booking (its reference appears in each). */
function mailsAbout(reference: string): string[] {
  return readdirSync(outboxDir())
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(join(outboxDir(), file), 'utf8'))
    .filter((mail) => mail.includes(reference))
}

test('a dispatcher cancels a paid booking and refunds it in full', async ({ page }, testInfo) => {
  // Three days ahead: well within the terms' free cancellation (24 hours or more before pickup).
  await bookAndPay(page, tripTime(testInfo, 16), testInfo, { day: istanbulDateIn(3) })
  // The received page names the booking once its payment is confirmed.
  const main = page.locator('main')
  await expect(main).toContainText(/MC-[A-Z0-9]{6}/)
  const reference = (await main.textContent())?.match(/MC-[A-Z0-9]{6}/)?.[0]
  expect(reference).toBeDefined()

  const dispatcher = newDispatcher(testInfo)
  await page.goto(`/ops/bookings/${reference}`)
  await signIn(page, dispatcher)
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${reference}$`))
  await page.getByRole('link', { name: 'Cancel booking' }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${reference}/cancel$`))

  // The cancel page, as a document: private, not indexed, both languages, axe clean.
  const response = await page.goto(`/ops/bookings/${reference}/cancel`)
  expect(response?.headers()['cache-control']).toBe('no-store')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cancel booking ${reference}`)
  const refundAll = page.getByLabel(/^Refund the amount paid by card/)
  await expect(refundAll).toBeChecked()
  // The terms are recalled (tomorrow's pickup may be more or less than 24 hours away).
  await expect(page.locator('#cancel-refund-terms')).toHaveText(
    new RegExp(`^Pickup is .*${windowHours} hours`),
  )
  await expectNoAxeViolations(page, testInfo)
  await openIn(page, `/ops/bookings/${reference}/cancel`, 'tr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${reference} numaralı rezervasyonu iptal et`,
  )
  await expect(page.getByLabel('İptal gerekçesi')).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  await openIn(page, `/ops/bookings/${reference}/cancel`, 'en')

  // No reason: refused beside the field, the choice kept, nothing changed.
  await page.getByLabel('No refund').check()
  await page.getByRole('button', { name: 'Cancel the booking' }).click()
  await expect(page.locator('#cancel-reason-error')).toHaveText('Give the reason for cancelling.')
  await expect(page).toHaveTitle(/^Error: Cancel booking/)
  await expect(page.getByLabel('No refund')).toBeChecked()
  await expectNoAxeViolations(page, testInfo)

  await page.getByLabel('Reason for cancelling').fill('Flight cancelled by the airline')
  await page.getByLabel(/^Refund the amount paid by card/).check()
  await page.getByRole('button', { name: 'Cancel the booking' }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${reference}\\?done=cancelled-succeeded$`))
  await expect(page.getByRole('status')).toHaveText(
    'The booking is cancelled and the amount paid was refunded.',
  )
  const refunds = page.getByRole('region', { name: 'Cancellation and refunds' })
  await expect(refunds).toContainText('Refunded')
  await expect(refunds).toContainText('E2E desk')
  await expect(page.getByRole('region', { name: 'Payment attempts' })).toContainText('Refunded')
  const audit = page.getByRole('region', { name: 'Staff actions' })
  await expect(audit).toContainText('Booking cancelled')
  await expect(audit).toContainText('Payment refunded')
  await expect(audit).toContainText('Flight cancelled by the airline')
  const mails = page.getByRole('region', { name: 'Messages' })
  await expect(mails).toContainText('New booking (operations)')
  await expect(mails).toContainText('Cancellation (traveller)')
  await expect(mails).toContainText('Cancellation (operations)')
  await expect(page.getByRole('link', { name: 'Cancel booking' })).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)

  // A second cancel is refused kindly.
  await page.goto(`/ops/bookings/${reference}/cancel`)
  await expect(page.getByRole('status')).toContainText('This booking is already cancelled')
  await expect(page.getByRole('button', { name: 'Cancel the booking' })).toHaveCount(0)

  // The e-mails reached the outbox: the traveller's, and the operations mailbox's two.
  await expect.poll(() => mailsAbout(reference!).length).toBeGreaterThanOrEqual(3)
  const sent = mailsAbout(reference!)
  expect(sent.filter((mail) => /^To: ayse@example\.com/m.test(mail))).not.toHaveLength(0)
  expect(
    sent.filter((mail) => /^To: reservations@marmarachauffeur\.com$/m.test(mail)),
  ).toHaveLength(2)

  // The simulator's page shows the refund of that payment.
  await page.goto(`/payment-simulator/${paidToken(reference!)}`)
  await expect(page.getByRole('heading', { name: 'Refunds of this payment' })).toBeVisible()
  await expect(page.getByText(/refunded \(refund SR\d+/)).toBeVisible()
})

test('under 24 hours before pickup, a refund needs a reason to override the terms', async ({
  page,
}, testInfo) => {
  // Three hours ahead (past the two-hour notice): under 24 hours whenever the test runs.
  // It falls today, or before 04:00 tomorrow, so it shares no time with tripTime's slots.
  const { date: day, time } = istanbulPickupIn(3)
  await bookAndPay(page, time, testInfo, { day })
  const reference = await receivedReference(page)

  const dispatcher = newDispatcher(testInfo)
  await page.goto(`/ops/bookings/${reference}/cancel`)
  await signIn(page, dispatcher)
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${reference}/cancel$`))
  // By the terms nothing is owed now: that is the choice the page starts from.
  await expect(page.locator('#cancel-refund-terms')).toHaveText(
    new RegExp(
      `^Pickup is less than ${windowHours} hours away: by the terms, nothing is refunded\\.`,
    ),
  )
  await expect(page.getByLabel('No refund')).toBeChecked()
  await expectNoAxeViolations(page, testInfo)

  // A refund without a reason to override the terms is refused beside that field.
  await page.getByLabel('Reason for cancelling').fill('Flight diverted to Ankara')
  await page.getByLabel(/^Refund the amount paid by card/).check()
  await page.getByRole('button', { name: 'Cancel the booking' }).click()
  await expect(page.locator('#cancel-override-error')).toHaveText(
    `A refund under ${windowHours} hours before pickup needs a reason to override the terms. Write it, or choose no refund.`,
  )
  await expect(page).toHaveTitle(/^Error: Cancel booking/)
  await expect(page.getByLabel('Reason for cancelling')).toHaveValue('Flight diverted to Ankara')
  await expect(page.getByLabel(/^Refund the amount paid by card/)).toBeChecked()
  await expectNoAxeViolations(page, testInfo)

  await page.getByLabel('Reason to refund anyway (optional)').fill('Airline diverted the flight')
  await page.getByRole('button', { name: 'Cancel the booking' }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${reference}\\?done=cancelled-succeeded$`))
  const audit = page.getByRole('region', { name: 'Staff actions' })
  await expect(audit).toContainText('Airline diverted the flight')
  await expect(page.getByRole('region', { name: 'Cancellation and refunds' })).toContainText(
    'Refunded',
  )
  await page.goto(`/payment-simulator/${paidToken(reference)}`)
  await expect(page.getByText(/refunded \(refund SR\d+/)).toBeVisible()
})

test('a cancel from another site, or by a driver, changes nothing', async ({ page }, testInfo) => {
  await bookAndPay(page, tripTime(testInfo, 15), testInfo)
  const reference = await receivedReference(page)

  const dispatcher = newDispatcher(testInfo)
  await page.goto(`/ops/bookings/${reference}/cancel`)
  await signIn(page, dispatcher)
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${reference}/cancel$`))
  // Signed in, but the POST comes from another site: refused before anything is
  // read (React Router's own origin check answers 400; ours, behind it, 403).
  const forged = await page.request.post(`/ops/bookings/${reference}/cancel`, {
    headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    form: { reason: 'forged', refund: 'full' },
    maxRedirects: 0,
  })
  expect([400, 403]).toContain(forged.status())
  // Without an Origin header the browser's Sec-Fetch-Site still tells: our check answers.
  const noOrigin = await page.request.post(`/ops/bookings/${reference}/cancel`, {
    headers: { 'sec-fetch-site': 'cross-site' },
    form: { reason: 'forged', refund: 'full' },
    maxRedirects: 0,
  })
  expect(noOrigin.status()).toBe(403)
  const retry = await page.request.post(`/ops/bookings/${reference}/refund`, {
    headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    form: { attempt: '1' },
    maxRedirects: 0,
  })
  expect([400, 403]).toContain(retry.status())
  await page.goto(`/ops/bookings/${reference}`)
  await expect(page.getByRole('link', { name: 'Cancel booking' })).toBeVisible()

  // A driver may not open the cancel page at all.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/ops\/sign-in\?signedOut=1$/)
  const driver = newDispatcher(testInfo, 'driver')
  await signIn(page, driver)
  const response = await page.goto(`/ops/bookings/${reference}/cancel`)
  expect(response?.status()).toBe(403)
  expect(response?.headers()['cache-control']).toBe('no-store')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not for your role')
})
