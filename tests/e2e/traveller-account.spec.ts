import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import { mailsWith, payBookingOverHttp } from './traveller-helpers'
import { openServerDatabase } from './database'

/**
 * Traveller accounts, with JavaScript and without, axe on every page: an
 * account registered and proved by the link in its e-mail shows a booking
 * made with that address and opens its ride page; saved details fill the
 * passenger step; a sign-in link by e-mail signs in (and an address without
 * an account gets the same answer); a lost password is set anew by its link,
 * in Turkish, and the new one signs in. The e-mails are read from the outbox.
 */

/** This spec's own pickup day: 3 days after tomorrow (Istanbul). */
const pickupDate = istanbulDateIn(4)

let accounts = 0
function newEmail(project: string) {
  return `account-${project}-${Date.now()}-${++accounts}@example.com`
}

/** The path of the account link in the one e-mail to `email` holding `subject`. */
async function accountLinkIn(email: string, subject: string): Promise<string> {
  const [mail] = await mailsWith([email, subject], 1)
  const match = /https?:\/\/[^/\s"]+(\/account\/link\?token=[\w-]{43}&lng=(?:en|tr))/.exec(mail!)
  if (!match) throw new Error(`no account link in the mail "${subject}"`)
  return match[1]!
}

async function register(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Repeat the password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Register' }).click()
}

test('register, confirm the address, see a booking made with it and open its ride page', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000)
  const js = testInfo.project.name === 'js'
  const email = newEmail(testInfo.project.name)
  // Booked as a guest, in another browser, before the account exists.
  const guest = await browser.newContext({ baseURL })
  const reference = await payBookingOverHttp(guest.request, {
    date: pickupDate,
    time: js ? '11:00' : '11:15',
    email: email.toUpperCase(),
  })
  await guest.close()

  await page.goto('/register')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account')
  await expectNoAxeViolations(page, testInfo)
  // Refused beside the fields, what was typed kept (never the password).
  await page.getByLabel('E-mail address', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.locator('#register-password-error')).toHaveText('Use at least 10 characters.')
  await expect(page).toHaveTitle(/^Error: /)
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(email)
  await expectNoAxeViolations(page, testInfo)

  await register(page, email, 'a long enough password')
  await expect(page.getByRole('status')).toContainText('Check your e-mail.')

  const link = await accountLinkIn(email, 'Confirm your e-mail address')
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e-mail address')
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click()
  await expect(page).toHaveURL(/\/account(\?lng=en)?$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My bookings')
  const upcoming = page.getByRole('region', { name: 'Upcoming rides' })
  await expect(upcoming.getByRole('heading', { name: reference })).toBeVisible()
  await expect(upcoming).toContainText('Confirmed')
  await expectNoAxeViolations(page, testInfo)
  // The link is spent.
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link no longer works')

  // The booking's page, without typing its reference: this browser holds no cookie of it.
  await page.goto('/account')
  await page.getByRole('link', { name: `Open booking ${reference}` }).click()
  await expect(page).toHaveURL(/\/booking-received\?key=/)
  await expect(page.getByText(reference).first()).toBeVisible()

  // Saved details fill the passenger step of the next booking.
  await page.goto('/account')
  await page.getByLabel('First name', { exact: true }).fill('Zeynep')
  await page.getByLabel('Last name', { exact: true }).fill('Kaya')
  await page.getByLabel('City', { exact: true }).fill('İzmir')
  await page.getByRole('button', { name: 'Save my details' }).click()
  await expect(page.getByRole('status')).toHaveText('Your details are saved.')
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('İzmir')
  await startBookingUpToPassengerStep(page)
  await page.goto('/booking-passenger')
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Zeynep')
  await expect(page.getByLabel('Last Name', { exact: true })).toHaveValue('Kaya')
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  await expect(page.getByLabel('Save these details to my account')).toBeChecked()
  // The step's details, posted as the form sends them with the box ticked, join the saved ones.
  const saved = await page.request.post('/booking-passenger', {
    form: {
      name: 'Zeynep',
      lastName: 'Kaya',
      email,
      phone: '+90 532 765 43 21',
      passengers: '2',
      luggage: '2',
      flightNumber: 'TK1984',
      saveToAccount: 'on',
    },
    maxRedirects: 0,
  })
  expect(saved.headers()['location']).toBe('/booking-payment')
  await page.goto('/account')
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+90 532 765 43 21')
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('İzmir')

  await page.goto('/account')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('status')).toHaveText('You are signed out.')
  await page.goto('/account')
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/)
})

/** A booking begun (vehicle chosen, no extras) in this page's browser, up to the passenger step. */
async function startBookingUpToPassengerStep(page: Page) {
  const trip = { date: pickupDate, time: '16:00', pickup: 'SAW', destination: 'Şile' }
  const html = await (
    await page.request.get(`/booking-vehicle?${new URLSearchParams({ ...trip, lng: 'en' })}`)
  ).text()
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)![1]!
  const chosen = await page.request.post('/booking-vehicle', {
    form: {
      ...trip,
      currency: hidden('currency'),
      page: hidden('page'),
      shownPrice: /name="shownPrice" value="(\d+)"[^>]*>\s*<button[^>]*value="LUXMNVN"/.exec(
        html,
      )![1]!,
      vehicleClass: 'LUXMNVN',
    },
    maxRedirects: 0,
  })
  expect(chosen.status()).toBe(303)
  const extras = await page.request.post('/booking-extra', {
    form: { intent: 'continue' },
    maxRedirects: 0,
  })
  expect(extras.headers()['location']).toBe('/booking-passenger')
}

test('sign in by a link e-mailed, the same answer for an address without an account', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const email = newEmail(testInfo.project.name)
  await page.goto('/register')
  await register(page, email, 'a long enough password')
  await page.goto(await accountLinkIn(email, 'Confirm your e-mail address'))
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
  await expectNoAxeViolations(page, testInfo)
  const nobody = newEmail(`${testInfo.project.name}-nobody`)
  await page.getByLabel('E-mail address', { exact: true }).fill(nobody)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  const answer = await page.getByRole('status').textContent()
  expect(answer).toContain('If this address has an account, we have sent it a sign-in link.')

  await page.getByLabel('E-mail address', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(page.getByRole('status')).toHaveText(answer!)
  await mailsWith([nobody], 0)

  await page.goto(await accountLinkIn(email, 'Your sign-in link'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Sign me in' }).click()
  await expect(page).toHaveURL(/\/account(\?lng=en)?$/)
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
})

test('a lost password set anew by its link, in Turkish; the new one signs in', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const email = newEmail(testInfo.project.name)
  await page.goto('/register?lng=tr')
  await page.getByLabel('E-posta adresi', { exact: true }).fill(email)
  await page.getByLabel('Şifre', { exact: true }).fill('ilk şifrem uzun')
  await page.getByLabel('Şifreyi tekrar yazın', { exact: true }).fill('ilk şifrem uzun')
  await page.getByRole('button', { name: 'Kayıt olun' }).click()
  await expect(page.getByRole('status')).toContainText('E-postanızı kontrol edin.')
  // The verification e-mail is in Turkish, the account's language.
  await accountLinkIn(email, 'E-posta adresinizi doğrulayın')

  await page.goto('/account/forgot-password?lng=tr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Şifrenizi mi unuttunuz?')
  await expectNoAxeViolations(page, testInfo)
  await page.getByLabel('E-posta adresi', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Bana bağlantı gönderin' }).click()
  await expect(page.getByRole('status')).toContainText('yeni şifre belirleme bağlantısı gönderdik')

  await page.goto(await accountLinkIn(email, 'Yeni şifre belirleyin'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yeni şifre belirleyin')
  await page.getByLabel('Yeni şifre', { exact: true }).fill('yeni şifrem çok uzun')
  await page.getByLabel('Yeni şifreyi tekrar yazın', { exact: true }).fill('başka bir şifre')
  await page.getByRole('button', { name: 'Yeni şifreyi kaydet' }).click()
  await expect(page.locator('#new-password-confirmPassword-error')).toHaveText(
    'İki şifre aynı değil.',
  )
  await expectNoAxeViolations(page, testInfo)
  await page.getByLabel('Yeni şifre', { exact: true }).fill('yeni şifrem çok uzun')
  await page.getByLabel('Yeni şifreyi tekrar yazın', { exact: true }).fill('yeni şifrem çok uzun')
  await page.getByRole('button', { name: 'Yeni şifreyi kaydet' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Yeni şifreniz kaydedildi. Diğer tüm cihazlardan çıkış yapıldı.',
  )
  // The reset link came to the address: it counts as proved.
  await expect(page.getByRole('region', { name: 'Yaklaşan yolculuklar' })).toBeVisible()
  await page.getByRole('button', { name: 'Çıkış yap' }).click()

  await page.getByLabel('E-posta adresi', { exact: true }).fill(email)
  await page.getByLabel('Şifre', { exact: true }).fill('ilk şifrem uzun')
  await page.getByRole('button', { name: 'Giriş yapın', exact: true }).click()
  await expect(page.getByRole('alert').or(page.locator('.error-summary'))).toContainText(
    'E-posta adresi ya da şifre doğru değil',
  )
  await expectNoAxeViolations(page, testInfo)
  await page.getByLabel('Şifre', { exact: true }).fill('yeni şifrem çok uzun')
  await page.getByRole('button', { name: 'Giriş yapın', exact: true }).click()
  await expect(page).toHaveURL(/\/account(\?lng=tr)?$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rezervasyonlarım')
})

test('download everything held, then delete the account', async ({ page }, testInfo) => {
  const email = newEmail(testInfo.project.name)
  await page.goto('/register')
  await register(page, email, 'a long enough password')
  await page.goto(await accountLinkIn(email, 'Confirm your e-mail address'))
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My bookings')

  const section = page.getByRole('region', { name: 'Your data' })
  await expect(section.getByRole('link', { name: 'Download my data' })).toHaveAttribute(
    'href',
    '/account/your-data.json',
  )
  // The file, fetched with this browser's cookies, as the link downloads it.
  const file = await page.request.get('/account/your-data.json')
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.json"$/)
  expect(file.headers()['cache-control']).toContain('no-store')
  expect(JSON.stringify(await file.json())).toContain(email)

  // A wrong confirmation is refused beside its field, what was typed kept.
  await section.getByLabel('Your e-mail address').fill('someone-else@example.com')
  await section.getByRole('button', { name: 'Delete my account' }).click()
  const field = page.getByRole('region', { name: 'Your data' }).getByLabel('Your e-mail address')
  await expect(field).toHaveValue('someone-else@example.com')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('region', { name: 'Your data' })).toContainText(
    'This is not the e-mail address of this account.',
  )
  await expectNoAxeViolations(page, testInfo)

  await field.fill(email.toUpperCase())
  await page
    .getByRole('region', { name: 'Your data' })
    .getByRole('button', { name: 'Delete my account' })
    .click()
  await expect(page).toHaveURL(/\/login\?deleted=1/)
  await expect(page.getByRole('status')).toContainText('Your account is deleted')
  // Gone: the account page asks to sign in, and the password signs no one in.
  await page.goto('/account')
  await expect(page).toHaveURL(/\/login/)
  expect((await page.request.get('/account/your-data.json', { maxRedirects: 0 })).status()).toBe(
    302,
  )
})

test('an unproved account is offered nothing of its address, and an old sign-in is asked to confirm', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const email = newEmail(testInfo.project.name)
  const password = 'a long enough password'
  await page.goto('/register')
  await register(page, email, password)
  await page.goto('/login')
  await page.getByLabel('E-mail address', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/account(\?lng=en)?$/)

  // Not proved: no saved details, nothing to download, a deletion of the account alone.
  const section = page.getByRole('region', { name: 'Your data' })
  await expect(page.getByRole('heading', { name: 'Details for your next booking' })).toHaveCount(0)
  await expect(section.getByRole('link', { name: 'Download my data' })).toHaveCount(0)
  await expect(section).toContainText('nothing else we hold about the address changes')
  await expectNoAxeViolations(page, testInfo)

  await page.goto(await accountLinkIn(email, 'Confirm your e-mail address'))
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click()
  await expect(section.getByRole('link', { name: 'Download my data' })).toBeVisible()

  // Eleven minutes on, as a computer left signed in: the download asks to confirm first.
  const database = openServerDatabase()
  try {
    database
      .prepare(
        'update traveller_sessions set proved_at = ? where account_id = (select id from traveller_accounts where email = ?)',
      )
      .run(new Date(Date.now() - 11 * 60_000).toISOString(), email)
  } finally {
    database.close()
  }
  await page.goto('/account')
  await expect(section.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible()
  await expect(section.getByRole('link', { name: 'Download my data' })).toHaveCount(0)
  await expect(section.getByRole('button', { name: 'Delete my account' })).toHaveCount(0)
  const download = await page.request.get('/account/your-data.json', { maxRedirects: 0 })
  expect(download.status()).toBe(303)
  await page.goto(download.headers()['location']!)
  await expect(section.getByRole('alert')).toContainText('For your safety, confirm it is you first')
  await expectNoAxeViolations(page, testInfo)

  await section.getByLabel('Your password').fill('not my password at all')
  await section.getByRole('button', { name: 'Confirm', exact: true }).click()
  const field = page.getByRole('region', { name: 'Your data' }).getByLabel('Your password')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('#confirm-identity-password-error')).toHaveText(
    'This password is not right, or there were too many tries. Try again, or ask for a sign-in link by e-mail.',
  )
  await expectNoAxeViolations(page, testInfo)
  await field.fill(password)
  await page
    .getByRole('region', { name: 'Your data' })
    .getByRole('button', { name: 'Confirm', exact: true })
    .click()
  await expect(page.getByRole('status')).toHaveText(
    'Thank you, it is you. You can now download your data or delete your account.',
  )
  await expect(section.getByRole('link', { name: 'Download my data' })).toBeVisible()
  await expect(section).toContainText(/until \d\d:\d\d \(Istanbul time\)/)
  expect((await page.request.get('/account/your-data.json')).status()).toBe(200)
})
