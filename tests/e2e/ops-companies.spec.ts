import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { stdnum } from 'stdnum'
import { expectNoAxeViolations, istanbulDateIn, openIn } from './helpers'
import { newAccount, signIn } from './staff-helpers'
import { bookAndPay, receivedReference, tripTime } from './booking-helpers'
import { openServerDatabase } from './database'

/**
 * Company accounts at /ops/companies, with JavaScript and without: an admin
 * adds a company (a mistyped tax number refused beside the field first, then
 * a number already taken), adds a partner user and disables them, a ride
 * booked for the company shows its name on the board and its page, and the
 * month's statement lists it, downloads as CSV and is marked paid, which
 * gives the company's credit back. A dispatcher reads without forms; a
 * driver is refused.
 */

/** This spec's own pickup day: four days after tomorrow, so no other spec's bookings meet it. */
const day = istanbulDateIn(5)

/** A VKN of its own per test run and project: nine random digits and the check digit that fits. */
function freshVkn(): string {
  const stem = String(Math.floor(Math.random() * 1e9)).padStart(9, '0')
  for (let digit = 0; digit < 10; digit++) {
    if (stdnum.TR!.vkn!.validate(`${stem}${digit}`).isValid) return `${stem}${digit}`
  }
  return freshVkn()
}

/** The same number with its last digit changed: the check digit no longer fits. */
const mistyped = (vkn: string) => `${vkn.slice(0, 9)}${(Number(vkn[9]) + 1) % 10}`

async function signedIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/ops/sign-in')
  await signIn(page, account.email, account.password)
}

test('an admin keeps a company, its partner users and its monthly statement', async ({
  page,
}, testInfo) => {
  // A long journey (company, users, statement, CSV, axe in two languages): on a
  // loaded two-core runner it took the whole two minutes.
  test.setTimeout(240_000)
  const admin = newAccount(testInfo, 'admin', 'companies')
  await signedIn(page, admin)
  await page.getByRole('link', { name: 'Companies', exact: true }).click()
  await expect(page).toHaveURL(/\/ops\/companies$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Company accounts')
  await expectNoAxeViolations(page, testInfo)

  const name = `Pera Travel ${testInfo.project.name} ${Date.now()}`
  const vkn = freshVkn()
  const form = page.getByRole('form', { name: 'Add a company' })
  await form.getByLabel('Company name').fill(name)
  await form.getByLabel('Tax office').fill('Beyoğlu')
  await form.getByLabel('Tax number (VKN or TCKN)').fill(mistyped(vkn))
  await form.getByLabel('Billing address').fill('Meşrutiyet Caddesi 52\nBeyoğlu, İstanbul')
  await form.getByLabel('Contact e-mail').fill('accounts@pera.example')
  await form.getByLabel(/^Commission/).check()
  await form.getByLabel('Per cent (0 to 50)').fill('10')
  await form.getByLabel('On account').check()
  await form.getByLabel('Credit limit in euros').fill('2500')
  await form.getByRole('button', { name: 'Add company' }).click()
  const taxField = page.getByRole('textbox', { name: 'Tax number (VKN or TCKN)' })
  await expect(taxField).toHaveAccessibleDescription(/check digits do not match/)
  await expect(page).toHaveTitle(/^Error: Company accounts/)
  await expect(form.getByLabel('Company name')).toHaveValue(name)
  await expect(form.getByLabel('Billing address')).toHaveValue(
    'Meşrutiyet Caddesi 52\nBeyoğlu, İstanbul',
  )
  await expectNoAxeViolations(page, testInfo)

  await taxField.fill(vkn)
  await form.getByRole('button', { name: 'Add company' }).click()
  await expect(page.getByRole('status')).toHaveText(`Company ${name} added.`)
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText(vkn)
  await expect(row).toContainText('On account')
  await expect(row).toContainText('€2,500.00')
  await expect(row).toContainText('Active')

  // The same tax number a second time is refused beside the field.
  await form.getByLabel('Company name').fill(`${name} again`)
  await form.getByLabel('Tax office').fill('Beyoğlu')
  await form.getByLabel('Tax number (VKN or TCKN)').fill(vkn)
  await form.getByLabel('Billing address').fill('Elsewhere 1')
  await form.getByLabel('Contact e-mail').fill('copy@pera.example')
  await form.getByLabel('Per cent (0 to 50)').fill('10')
  await form.getByRole('button', { name: 'Add company' }).click()
  await expect(taxField).toHaveAccessibleDescription(
    /Another company already has this tax number\./,
  )

  // Its page: a partner user added, then disabled.
  await page.goto('/ops/companies')
  await page.getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  const companyUrl = page.url()
  const companyId = Number(/\/ops\/companies\/(\d+)/.exec(companyUrl)![1])
  const userEmail = `desk-${testInfo.project.name}-${Date.now()}@pera.example`
  const userForm = page.getByRole('form', { name: 'Add a partner user' })
  await userForm.getByLabel('Name').fill('Deniz Front Desk')
  await userForm.getByLabel('E-mail').fill(userEmail)
  await userForm.getByLabel('First password').fill('short')
  await userForm.getByRole('button', { name: 'Add partner user' }).click()
  await expect(page.getByRole('textbox', { name: 'First password' })).toHaveAccessibleDescription(
    /The password needs at least 12 characters\./,
  )
  await expect(userForm.getByLabel('E-mail')).toHaveValue(userEmail)
  await userForm.getByLabel('First password').fill('front-desk-passphrase')
  await userForm.getByRole('button', { name: 'Add partner user' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Partner user added. Tell them their password yourself.',
  )
  await expect(page.getByRole('list', { name: 'Partner users' })).toContainText(userEmail)
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Disable Deniz Front Desk' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Partner user disabled; their sessions have ended.',
  )
  await expect(page.getByRole('button', { name: 'Enable Deniz Front Desk' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Staff actions' })).toContainText(
    'Partner user disabled',
  )

  // A ride booked and paid, then set as the company's own on account (as a partner's booking is).
  const time = tripTime(testInfo, 0)
  await bookAndPay(page, time, testInfo, { day })
  const reference = await receivedReference(page)
  const database = openServerDatabase()
  try {
    const user = database
      .prepare('select id from partner_users where email = ?')
      .get(userEmail) as { id: number }
    database
      .prepare(
        `update bookings set company_id = ?, partner_user_id = ?, settlement = 'account'
          where reference = ?`,
      )
      .run(companyId, user.id, reference)
    database.prepare('update companies set credit_used_cents = 100000 where id = ?').run(companyId)
  } finally {
    database.close()
  }
  const stored = (() => {
    const db = openServerDatabase()
    try {
      return db
        .prepare('select total_minor - discount_minor as amount from bookings where reference = ?')
        .get(reference) as { amount: number }
    } finally {
      db.close()
    }
  })()

  // The board and the booking's page name the company and who booked.
  await page.goto(`/ops?day=${day}`)
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText(
    `Company: ${name} (booked by Deniz Front Desk)`,
  )
  await page.goto(`/ops/bookings/${reference}`)
  await expect(
    page.getByRole('link', { name: `Company: ${name} (booked by Deniz Front Desk)` }),
  ).toBeVisible()

  // The month's statement.
  const month = day.slice(0, 7)
  await page.goto(companyUrl)
  await page.getByRole('link', { name: month, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/companies/${companyId}/statements/${month}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  const rides = page.getByRole('region', { name: 'Rides of the month by pickup' })
  await expect(rides).toContainText(reference)
  await expect(rides).toContainText('On account')
  await expectNoAxeViolations(page, testInfo)

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`statement-${companyId}-${month}.csv`)
  const csv = readFileSync((await file.path())!, 'utf8')
  const euros = (stored.amount / 100).toFixed(2)
  expect(csv.split('\r\n')[0]).toBe(
    'Reference,Pickup date,Pickup time,Route,Class,Guest,Settlement,State,Amount (EUR),Kept (EUR),Commission (EUR)',
  )
  expect(csv).toContain(`${reference},${day},${time},`)
  expect(csv).toContain(`On account,Ride,${euros},0.00,`)
  expect(csv).toContain(`On account due,${euros}`)

  await page.getByRole('button', { name: 'Mark paid' }).click()
  await expect(page.getByRole('status')).toHaveText('The month is marked paid.')
  await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0)
  await expect(page.locator('.ops-details').first()).toContainText('by E2E companies')
  await page.goto(companyUrl)
  const monthRow = page
    .getByRole('region', { name: 'Monthly statements, newest first' })
    .getByRole('row')
    .filter({ hasText: month })
  await expect(monthRow).toContainText('Paid')
  const left = (100_000 - stored.amount) / 100
  await expect(page.locator('.ops-details').first()).toContainText(
    `€${left.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
  )

  // In Turkish.
  await openIn(page, '/ops/companies', 'tr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Şirket hesapları')
  await expect(page.getByRole('form', { name: 'Şirket ekle' })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  await openIn(page, `/ops/companies/${companyId}/statements/${month}`, 'tr')
  await expect(page.getByRole('heading', { level: 2, name: 'Toplamlar' })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
})

test('a dispatcher reads the companies without forms; a driver may not', async ({
  page,
  browser,
}, testInfo) => {
  const admin = newAccount(testInfo, 'admin', 'co-admin')
  await signedIn(page, admin)
  await page.goto('/ops/companies')
  const form = page.getByRole('form', { name: 'Add a company' })
  const name = `Galata Hotel ${testInfo.project.name} ${Date.now()}`
  await form.getByLabel('Company name').fill(name)
  await form.getByLabel('Tax office').fill('Beyoğlu')
  await form.getByLabel('Tax number (VKN or TCKN)').fill(freshVkn())
  await form.getByLabel('Billing address').fill('Galata Kulesi Sokak 1')
  await form.getByLabel('Contact e-mail').fill('desk@galata.example')
  await form.getByLabel(/^Net rates/).check()
  await form.getByLabel('Per cent (0 to 50)').fill('15')
  await form.getByLabel('By card').check()
  await form.getByRole('button', { name: 'Add company' }).click()
  await expect(page.getByRole('status')).toHaveText(`Company ${name} added.`)
  await page.getByRole('link', { name }).click()
  const companyPath = new URL(page.url()).pathname

  const dispatcher = newAccount(testInfo, 'dispatcher', 'co-desk')
  const desk = await browser.newContext()
  const deskPage = await desk.newPage()
  await signedIn(deskPage, dispatcher)
  await deskPage.getByRole('link', { name: 'Companies', exact: true }).click()
  await expect(
    deskPage.getByText('You can read the company accounts; only an admin can change them.'),
  ).toBeVisible()
  await expect(deskPage.getByRole('row').filter({ hasText: name })).toContainText('By card')
  await expect(deskPage.getByRole('form', { name: 'Add a company' })).toHaveCount(0)
  await deskPage.goto(companyPath)
  await expect(deskPage.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(deskPage.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  await expectNoAxeViolations(deskPage, testInfo)
  const post = await deskPage.request.post(companyPath, {
    form: { intent: 'save', name: 'Taken over' },
    headers: { Origin: new URL(deskPage.url()).origin },
  })
  expect(post.status()).toBe(403)
  await desk.close()

  const driver = newAccount(testInfo, 'driver', 'co-driver')
  const cab = await browser.newContext()
  const cabPage = await cab.newPage()
  await signedIn(cabPage, driver)
  await expect(cabPage.getByRole('link', { name: 'Companies', exact: true })).toHaveCount(0)
  const response = await cabPage.goto('/ops/companies')
  expect(response?.status()).toBe(403)
  await cab.close()
})
