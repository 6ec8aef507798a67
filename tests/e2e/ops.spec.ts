import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, openIn } from './helpers'
import { bookAndPay, bookingsFor, tripTime } from './booking-helpers'
import { newAccount, signIn } from './staff-helpers'

/**
 * The staff side, with JavaScript and without: an account made with the real
 * `npm run staff` command (against the running test server's database), sign
 * in, the board with a booking paid in the test, the booking's record, sign
 * out; the one message for every refused sign-in, and the lockout.
 *
 * Failed sign-ins also count per client address (20 in 15 minutes), and every
 * test here comes from this machine: one run of this file fails 12 times (6 per
 * project). Each Playwright run starts its servers on a fresh database
 * (playwright.config.ts), so runs do not add up.
 */

const genericRefusal = 'E-mail or password is not right.'

test('the sign-in page in English and Turkish', async ({ page }, testInfo) => {
  const response = await page.goto('/ops/sign-in')
  expect(response?.headers()['cache-control']).toBe('no-store')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff sign-in')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  await expectNoAxeViolations(page, testInfo)

  await openIn(page, '/ops/sign-in', 'tr')
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personel girişi')
  await expect(page.getByLabel('E-posta')).toBeVisible()
  await expect(page.getByLabel('Şifre')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Giriş yapın' })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
})

test('an admin made with the command sees a paid booking on the board and signs out', async ({
  page,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = tripTime(testInfo, 17)
  await bookAndPay(page, time, testInfo)
  const [booking] = bookingsFor(time, since).filter((row) => row.status === 'confirmed')
  expect(booking).toBeDefined()
  const reference = booking!.reference

  // Signed out, the board sends to the sign-in page.
  const admin = newAccount(testInfo, 'admin', 'admin')
  await page.goto('/ops')
  await expect(page).toHaveURL(/\/ops\/sign-in$/)
  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/ops$/)
  await expect(page.getByText(/Signed in as E2E admin \(admin\)/)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pickups on /)
  await expectNoAxeViolations(page, testInfo)

  // Tomorrow's board lists the booking paid above, at its pickup time.
  await page.getByRole('link', { name: 'Tomorrow' }).click()
  await expect(page).toHaveURL(/\/ops\?day=\d{4}-\d{2}-\d{2}$/)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) })
  await expect(row).toContainText(time)
  await expect(row).toContainText('Confirmed')
  await expect(row).toContainText('Business Luxury Minivan')
  await expect(row).toContainText('→')
  await expectNoAxeViolations(page, testInfo)

  // The booking's record: traveller, price and payment, and its event log.
  await row.getByRole('link', { name: reference }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${reference}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Booking ${reference}`)
  await expect(page.getByRole('heading', { name: 'Price and payment' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Event log' })).toBeVisible()
  const events = page.getByRole('region', { name: 'Event log' })
  await expect(events).toContainText('Awaiting payment')
  await expect(events).toContainText('Confirmed')
  await expect(page.getByRole('region', { name: 'Payment attempts' })).toContainText('Succeeded')
  await expectNoAxeViolations(page, testInfo)

  // Signing out ends the session: the board asks to sign in again.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/ops\/sign-in\?signedOut=1$/)
  await expect(page.getByText('You are signed out.')).toBeVisible()
  await page.goto(`/ops/bookings/${reference}`)
  await expect(page).toHaveURL(/\/ops\/sign-in\?next=/)
})

test('a wrong password gets the one message, and five failures lock the account', async ({
  page,
}, testInfo) => {
  const dispatcher = newAccount(testInfo, 'dispatcher', 'desk')
  await page.goto('/ops/sign-in')
  await signIn(page, dispatcher.email, 'not the right passphrase')
  await expect(page.getByRole('alert')).toHaveText(genericRefusal)
  await expect(page).toHaveTitle(/^Error: Staff sign-in/)
  // The e-mail typed is kept, the password is not shown back.
  await expect(page.getByLabel('E-mail')).toHaveValue(dispatcher.email)
  await expectNoAxeViolations(page, testInfo)

  // An unknown e-mail gets the very same answer.
  await page.goto('/ops/sign-in')
  await signIn(page, `nobody-${Date.now()}@example.com`, dispatcher.password)
  await expect(page.getByRole('alert')).toHaveText(genericRefusal)

  for (let failure = 2; failure <= 5; failure++) {
    await page.goto('/ops/sign-in')
    await signIn(page, dispatcher.email, `wrong passphrase ${failure}`)
    await expect(page.getByRole('alert')).toHaveText(genericRefusal)
  }
  // Locked: the right password is refused with the same words.
  await page.goto('/ops/sign-in')
  await signIn(page, dispatcher.email, dispatcher.password)
  await expect(page.getByRole('alert')).toHaveText(genericRefusal)
  await expect(page).toHaveURL(/\/ops\/sign-in$/)
})
