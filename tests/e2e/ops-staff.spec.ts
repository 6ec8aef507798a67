import { expect, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { expectNoAxeViolations, openIn } from './helpers'
import { newAccount, signIn } from './staff-helpers'

/**
 * The staff console, with JavaScript and without: an admin adds an account
 * (refused fields first, with their messages and what was typed kept), the
 * new account signs in elsewhere, and the admin disables it, which signs that
 * browser out at once. An admin cannot disable their own account. A dispatcher
 * turns on the second step (a code from an authenticator app) and signs in
 * with it.
 */

test('an admin adds a dispatcher, who signs in, then disables the account', async ({
  page,
  browser,
}, testInfo) => {
  const admin = newAccount(testInfo, 'admin', 'console')
  await page.goto('/ops/sign-in')
  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/ops$/)
  await page.getByRole('link', { name: 'Staff', exact: true }).click()
  await expect(page).toHaveURL(/\/ops\/staff$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff')
  await expect(page.getByRole('region', { name: 'Accounts' })).toContainText(admin.email)
  await expectNoAxeViolations(page, testInfo)

  // Refused: the messages beside the fields, the title starts with 'Error: ',
  // the name and e-mail typed stay; the password is never given back.
  const email = `desk-${testInfo.project.name}-${Date.now()}@example.com`
  const form = page.getByRole('form', { name: 'Add a staff account' })
  await form.getByLabel('Full name').fill('Selin Demir')
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Password').fill('too short')
  await form.getByRole('button', { name: 'Add account' }).click()
  await expect(form.getByText('The password needs at least 12 characters.').last()).toBeVisible()
  await expect(page).toHaveTitle(/^Error: Staff/)
  await expect(form.getByLabel('Full name')).toHaveValue('Selin Demir')
  await expect(form.getByLabel('E-mail')).toHaveValue(email)
  await expectNoAxeViolations(page, testInfo)

  const password = `desk passphrase ${Date.now()}`
  await form.getByLabel('Role').selectOption('dispatcher')
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Add account' }).click()
  await expect(page.getByRole('status')).toHaveText(`${email} is added and can sign in now.`)
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('dispatcher')
  await expect(row).toContainText('Active')

  // The new dispatcher signs in on another browser.
  const desk = await browser.newContext()
  const deskPage = await desk.newPage()
  await deskPage.goto('/ops/sign-in')
  await signIn(deskPage, email, password)
  await expect(deskPage).toHaveURL(/\/ops$/)
  await expect(deskPage.getByText(/Signed in as Selin Demir \(dispatcher\)/)).toBeVisible()

  // The admin sees that browser and disables the account.
  await page.goto('/ops/staff')
  await page.getByRole('row').filter({ hasText: email }).getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff account: Selin Demir')
  await expect(page.getByRole('region', { name: 'Signed-in browsers' })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Disable account' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'The account is disabled and signed out everywhere.',
  )
  await expect(page.getByText('Not signed in anywhere.')).toBeVisible()

  // The dispatcher's next page asks to sign in, and the password no longer works.
  await deskPage.goto('/ops')
  await expect(deskPage).toHaveURL(/\/ops\/sign-in/)
  await signIn(deskPage, email, password)
  await expect(deskPage.getByRole('alert')).toHaveText('E-mail or password is not right.')
  await desk.close()

  // An admin's own page has no button to disable it.
  await page.goto('/ops/staff')
  await page
    .getByRole('row')
    .filter({ hasText: admin.email })
    .getByRole('link', { name: 'E2E console' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff account: E2E console')
  await expect(page.getByRole('button', { name: 'Disable account' })).toHaveCount(0)

  // In Turkish.
  await openIn(page, '/ops/staff', 'tr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personel')
  await expect(page.getByRole('form', { name: 'Personel hesabı ekleyin' })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
})

test('a dispatcher may not open the staff console', async ({ page }, testInfo) => {
  const dispatcher = newAccount(testInfo, 'dispatcher', 'nosy')
  await page.goto('/ops/sign-in')
  await signIn(page, dispatcher.email, dispatcher.password)
  await expect(page).toHaveURL(/\/ops$/)
  await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0)
  const response = await page.goto('/ops/staff')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not for your role')
})

/** The code an authenticator app would show for `key` now (spaces as the page groups it). */
function codeFor(key: string, at = Date.now()) {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')) })
  return totp.generate({ timestamp: at })
}

test('a dispatcher turns on the second step and then signs in with a code', async ({
  page,
}, testInfo) => {
  const desk = newAccount(testInfo, 'dispatcher', 'twofactor')
  await page.goto('/ops/sign-in')
  await signIn(page, desk.email, desk.password)
  await page.getByRole('link', { name: 'Sign-in security' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in security')
  await expect(
    page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }),
  ).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  const key = (await page.locator('.ops-qr code').textContent())!

  // A wrong code is refused and the step stays off.
  await page.getByLabel('Six-digit code').fill('000000')
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByRole('alert')).toContainText('That code is not right.')
  await expect(page).toHaveTitle(/^Error: /)
  await page.getByLabel('Six-digit code').fill(codeFor(key))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'The second step is on. You will be asked for a code each time you sign in.',
  )

  // Signed out and back in: the password leads to the code, not to the board.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await signIn(page, desk.email, desk.password)
  await expect(page).toHaveURL(/\/ops\/sign-in\/code$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your code')
  await expectNoAxeViolations(page, testInfo)
  // The board is still closed while the code is asked.
  await page.goto('/ops')
  await expect(page).toHaveURL(/\/ops\/sign-in$/)
  await signIn(page, desk.email, desk.password)
  await page.getByLabel('Six-digit code').fill('123456')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right, or it was used already. Try the newest code.',
  )
  // The code of the next step: the one used to turn it on may still be current.
  await page.getByLabel('Six-digit code').fill(codeFor(key, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/ops$/)
  await expect(page.getByText(/Signed in as E2E twofactor \(dispatcher\)/)).toBeVisible()
})
