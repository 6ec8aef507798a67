import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { hash } from '@node-rs/argon2'
import { openServerDatabase } from './database'
import { fillArrivingFlight } from './booking-helpers'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'

/**
 * A hotel's front desk books for a guest: signs in at /partners, books
 * through the storefront's steps (headed "Guest details", in euros, at the
 * company's net rate), charges the ride to the company's account, finds it
 * in the company's list with its voucher, and cancels it in time, which
 * gives the credit back. With JavaScript on and off; each project has its
 * own company and pickup day (six days after tomorrow) so no other spec meets them.
 */
const day = istanbulDateIn(7)
const password = 'front desk password 1'

interface Partner {
  companyId: number
  companyName: string
  email: string
}

/**
 * Each test's own company (valid VKNs), in each project: tests run in parallel,
 * and one test's ride on account must not change another's credit.
 */
const taxNumbers = {
  account: { js: '4540536920', 'no-js': '1730084129' },
  credit: { js: '3850063352', 'no-js': '3850293003' },
} as const

function seedPartner(testInfo: TestInfo, test: keyof typeof taxNumbers): Partner {
  const project = testInfo.project.name as 'js' | 'no-js'
  const companyName = `Pera Test Hotel (${test}, ${project})`
  const email = `desk-${test}-${project}@pera-hotel.example`
  const taxNumber = taxNumbers[test][project]
  const passwordHash = hashSync
  const database = openServerDatabase()
  try {
    const at = new Date().toISOString()
    database
      .prepare(
        `insert into companies (name, tax_office, tax_number, billing_address, contact_email,
           rate_kind, rate_percent, payment_terms, credit_limit_cents, credit_used_cents,
           active, created_at, updated_at)
         values (?, 'Beyoğlu', ?, 'Meşrutiyet Caddesi 52, Beyoğlu, İstanbul', ?, 'net', 10,
           'account', 100000, 0, 1, ?, ?)
         on conflict (tax_number) do update set credit_limit_cents = 100000, credit_used_cents = 0`,
      )
      .run(companyName, taxNumber, `accounts-${test}-${project}@pera-hotel.example`, at, at)
    const company = database
      .prepare('select id from companies where tax_number = ?')
      .get(taxNumber) as { id: number }
    database
      .prepare(
        `insert into partner_users (company_id, email, name, password_hash, created_at, updated_at)
         values (?, ?, 'Deniz Kaya', ?, ?, ?)
         on conflict (email) do nothing`,
      )
      .run(company.id, email, passwordHash, at, at)
    return { companyId: company.id, companyName, email }
  } finally {
    database.close()
  }
}

let hashSync = ''
test.beforeAll(async () => {
  hashSync = await hash(password)
})

function creditUsed(companyId: number): number {
  const database = openServerDatabase()
  try {
    return (
      database.prepare('select credit_used_cents from companies where id = ?').get(companyId) as {
        credit_used_cents: number
      }
    ).credit_used_cents
  } finally {
    database.close()
  }
}

function setCreditLimit(companyId: number, cents: number) {
  const database = openServerDatabase()
  try {
    database
      .prepare('update companies set credit_limit_cents = ? where id = ?')
      .run(cents, companyId)
  } finally {
    database.close()
  }
}

async function signIn(page: Page, partner: Partner) {
  await page.goto('/partners/sign-in')
  await page.getByLabel('E-mail').fill(partner.email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/partners$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(partner.companyName)
}

/** From the vehicle step to the payment step of a guest's ride at `time`. */
async function bookForGuest(page: Page, time: string) {
  await page.goto(`/booking-vehicle?date=${day}&time=${time}&pickup=SAW&destination=Şile`)
  await page.getByRole('button', { name: 'Select Eco Minivan' }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await page.getByRole('button', { name: 'Continue' }).click()
  const form = page.getByRole('form', { name: 'Guest details' })
  await expect(form).toContainText('Booking for a guest of Pera Test Hotel')
  await form.getByLabel('First Name').fill('Emma')
  await form.getByLabel('Last Name').fill('Schmidt')
  await form.getByLabel('Email').fill('frontdesk@pera-hotel.example')
  await form.getByLabel('Phone').fill('+49 151 2345 6789')
  await form.getByLabel('Passengers').selectOption('2')
  await form.getByLabel('Luggage').selectOption('2')
  await fillArrivingFlight(form, 'LH1300')
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
}

test('a partner books a guest on account, finds the ride and cancels it', async ({
  page,
}, testInfo) => {
  const partner = seedPartner(testInfo, 'account')
  await page.goto('/partners')
  await expect(page).toHaveURL(/\/partners\/sign-in$/)
  await page.getByLabel('E-mail').fill(partner.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('E-mail or password is not right.')
  await expect(page.getByLabel('E-mail')).toHaveValue(partner.email)
  await expectNoAxeViolations(page, testInfo)

  await signIn(page, partner)
  await expect(page.getByText('Signed in as Deniz Kaya')).toBeVisible()
  await expect(page.getByText(/credit left on account: €1,000/)).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  const time = testInfo.project.name === 'no-js' ? '10:15' : '10:00'
  await bookForGuest(page, time)
  // Net rate, no promo code, the company as the invoice's buyer.
  const review = page.getByRole('region', { name: 'Your booking', exact: true })
  await expect(review).toContainText('Company net rate')
  await expect(page.getByLabel('Promo code')).toHaveCount(0)
  await expect(page.getByLabel('Invoice to a company')).toBeChecked()
  await expect(page.getByLabel('Company name')).toHaveValue(partner.companyName)
  await expect(page.getByLabel('Tax office')).toHaveValue('Beyoğlu')
  await page.getByLabel('City').fill('İstanbul')
  await page.getByLabel('ZIP Code').fill('34430')
  await page.getByLabel('Country').fill('Türkiye')
  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book on account' }).click()
  await expect(page).toHaveURL(/\/booking-received$/)
  await expect(page.locator('main')).toContainText('Charged to the company account')
  const reference = /MC-[A-Z0-9]{6}/.exec((await page.locator('main').textContent()) ?? '')![0]
  const used = creditUsed(partner.companyId)
  expect(used).toBeGreaterThan(0)

  await page.goto('/partners')
  const upcoming = page.getByRole('region', { name: 'Upcoming rides' })
  const row = upcoming.getByRole('row').filter({ hasText: reference })
  await expect(row).toContainText('Emma Schmidt')
  await expect(row).toContainText('on account')
  // The passenger list needs the guest's document: the partner is asked for it, on the ride's page.
  await row
    .getByRole('link', {
      name: `Passengers’ passport or T.C. numbers needed: give them ${reference}`,
    })
    .click()
  await expect(page.getByLabel('Passenger 1: nationality')).toBeVisible()
  await page.goto('/partners')
  await row.getByRole('link', { name: `Voucher ${reference}` }).click()
  await expect(page.getByRole('article', { name: /voucher/i })).toContainText('Emma')

  await page.goto('/partners')
  await page
    .getByRole('region', { name: 'Upcoming rides' })
    .getByRole('row')
    .filter({ hasText: reference })
    .getByRole('link', { name: `Cancel ${reference}` })
    .click()
  await page.getByRole('button', { name: 'Cancel the booking' }).click()
  await expect(page.locator('main')).toContainText(/cancelled/i)
  expect(creditUsed(partner.companyId)).toBe(0)

  await page.goto('/partners')
  await expect(
    page
      .getByRole('region', { name: 'Past and cancelled rides' })
      .getByRole('row')
      .filter({ hasText: reference }),
  ).toContainText('Cancelled')
})

test('a ride beyond the credit left is refused with everything typed kept', async ({
  page,
}, testInfo) => {
  const partner = seedPartner(testInfo, 'credit')
  setCreditLimit(partner.companyId, 1000)
  await signIn(page, partner)
  await expect(page.getByText(/credit left on account: €10/)).toBeVisible()
  const time = testInfo.project.name === 'no-js' ? '11:15' : '11:00'
  await bookForGuest(page, time)
  await page.getByLabel('City').fill('İstanbul')
  await page.getByLabel('Country').fill('Türkiye')
  await page.getByLabel('ZIP Code').fill('34430')
  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book on account' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'more than the credit left' }),
  ).toContainText('(€10)')
  await expect(page.getByLabel('ZIP Code')).toHaveValue('34430')
  await expect(page).toHaveURL(/\/booking-payment$/)
  expect(creditUsed(partner.companyId)).toBe(0)
  setCreditLimit(partner.companyId, 100000)
})
