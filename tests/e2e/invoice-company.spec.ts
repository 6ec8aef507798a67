import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn, openIn, waitForHydration } from './helpers'
import {
  bookingsFor,
  cards,
  chooseVehicle,
  fillBilling,
  fillPassenger,
  passengerForm,
  payWith,
  tripTime,
} from './booking-helpers'
import { openServerDatabase } from './database'

/**
 * An invoice to a company, with JavaScript and without: a wrong tax number
 * is refused beside its field (the wrong length, then a wrong check digit)
 * with everything typed kept, a valid VKN is taken, and the paid booking's
 * invoice shows the buyer's tax office and number. Its trips are picked up
 * six days from today, a day no other spec books.
 */
const day = istanbulDateIn(6)

const taxNumber = (page: Page) => page.getByRole('textbox', { name: /^Tax number/ })

/** The header's language menu, as a traveller switches (the form's typed values go along). */
async function switchTo(page: Page, testInfo: TestInfo, language: 'English' | 'Türkçe') {
  if (testInfo.project.name === 'js') await waitForHydration(page)
  await page.locator('.language-toggle').click()
  await page
    .locator('#language-menu')
    .getByRole('button', { name: new RegExp(`\\b${language}$`) })
    .click()
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'Türkçe' ? 'tr' : 'en')
}

function storedCompany(bookingId: string) {
  const database = openServerDatabase()
  try {
    return database
      .prepare(
        'select billing_company, billing_tax_office, billing_tax_number from bookings where id = ?',
      )
      .get(bookingId)
  } finally {
    database.close()
  }
}

test('a wrong tax number is refused beside its field, a valid one reaches the invoice', async ({
  page,
}, testInfo) => {
  test.slow()
  const since = new Date().toISOString()
  const time = tripTime(testInfo, 0)
  await chooseVehicle(page, time, undefined, day)
  await page.getByRole('button', { name: 'Continue' }).click()
  await fillPassenger(page)
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)

  await fillBilling(page)
  await page.getByRole('checkbox', { name: 'Invoice to a company' }).check()
  await page.getByRole('textbox', { name: 'Company name' }).fill('Deniz Turizm A.Ş.')
  await page.getByRole('textbox', { name: 'Tax office' }).fill('Kadıköy')
  await taxNumber(page).fill('45405369')
  await page.getByLabel(/I have read and accept/).check()

  // Eight digits: the length is wrong.
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(taxNumber(page)).toHaveAccessibleDescription(
    /A tax number has 10 digits \(VKN\) or 11 digits \(TCKN\)/,
  )
  await expect(page.locator('.error-summary')).toContainText('Tax number (VKN or TCKN)')
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('Deniz Turizm A.Ş.')
  await expect(page.getByRole('textbox', { name: 'Tax office' })).toHaveValue('Kadıköy')
  await expect(taxNumber(page)).toHaveValue('45405369')
  await expect(page.getByRole('checkbox', { name: 'Invoice to a company' })).toBeChecked()
  await expect(page.getByLabel('Address')).toHaveValue('Bağdat Caddesi 1')
  await expectNoAxeViolations(page, testInfo)

  // Ten digits, one mistyped: the check digit is wrong.
  await taxNumber(page).fill('4540536921')
  await expect(page.getByLabel(/I have read and accept/)).toBeChecked()
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(taxNumber(page)).toHaveAccessibleDescription(/check digit does not match/)
  await expect(taxNumber(page)).toHaveValue('4540536921')
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('Deniz Turizm A.Ş.')
  expect(bookingsFor(time, since, day)[0]?.status ?? 'draft').toBe('draft')

  // A language switch keeps the box and every company field as typed.
  await switchTo(page, testInfo, 'Türkçe')
  await expect(page.getByRole('checkbox', { name: 'Şirkete fatura' })).toBeChecked()
  await expect(page.getByRole('textbox', { name: 'Şirket adı' })).toHaveValue('Deniz Turizm A.Ş.')
  await expect(page.getByRole('textbox', { name: 'Vergi dairesi' })).toHaveValue('Kadıköy')
  await expect(page.getByRole('textbox', { name: /^Vergi numarası/ })).toHaveValue('4540536921')
  await expectNoAxeViolations(page, testInfo)
  await switchTo(page, testInfo, 'English')
  await expect(taxNumber(page)).toHaveValue('4540536921')

  // A valid VKN, typed in groups: taken, paid on the simulator.
  await taxNumber(page).fill('454 053 6920')
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  const [booking] = bookingsFor(time, since, day)
  expect(booking).toMatchObject({ status: 'confirmed' })
  expect(storedCompany(booking!.id)).toEqual({
    billing_company: 'Deniz Turizm A.Ş.',
    billing_tax_office: 'Kadıköy',
    billing_tax_number: '4540536920',
  })

  await page.goto('/invoice')
  const billed = page.getByRole('region', { name: 'Billed to' })
  await expect(billed).toContainText('Deniz Turizm A.Ş.')
  await expect(billed).toContainText('Tax office: Kadıköy · VKN 4540536920')
  await expectNoAxeViolations(page, testInfo)

  await openIn(page, '/invoice', 'tr')
  await expect(page.getByRole('region', { name: 'Alıcı' })).toContainText(
    'Vergi dairesi: Kadıköy · VKN 4540536920',
  )
})

test('without the box ticked, the company fields are not asked for nor stored', async ({
  page,
}, testInfo) => {
  test.slow()
  const since = new Date().toISOString()
  const time = tripTime(testInfo, 1)
  await chooseVehicle(page, time, undefined, day)
  await page.getByRole('button', { name: 'Continue' }).click()
  await fillPassenger(page)
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  await fillBilling(page)
  // A number typed and the box left unticked: ignored, not refused.
  await taxNumber(page).fill('123')
  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  const [booking] = bookingsFor(time, since, day)
  expect(storedCompany(booking!.id)).toEqual({
    billing_company: null,
    billing_tax_office: null,
    billing_tax_number: null,
  })
  await page.goto('/invoice')
  await expect(page.getByRole('region', { name: 'Billed to' })).not.toContainText('Tax office')
})
