import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations, waitForHydration } from './helpers'
import { openServerDatabase } from './database'
import {
  bookingsFor,
  chooseVehicle,
  fillArrivingFlight,
  fillBilling,
  passengerForm,
  tripTime,
} from './booking-helpers'
import { depositCash } from './rule-texts'

/**
 * Switching language in the middle of a booking step keeps what was typed on
 * it and not yet saved, with JavaScript and without (docs/language-switch.md).
 */

const slot = (testInfo: TestInfo, n: number) => tripTime(testInfo, 33 + n)

/** A field of the step's form by its name: the same in both languages. */
const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`)

async function switchTo(page: Page, testInfo: TestInfo, language: 'English' | 'Türkçe') {
  if (testInfo.project.name === 'js') await waitForHydration(page)
  const toggle = page.locator('.language-toggle')
  await toggle.click()
  await page
    .locator('#language-menu')
    .getByRole('button', { name: new RegExp(`\\b${language}$`) })
    .click()
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'Türkçe' ? 'tr' : 'en')
}

function typedFieldsOf(bookingId: string): string | null {
  const database = openServerDatabase()
  try {
    const row = database.prepare('select typed_fields from bookings where id = ?').get(bookingId)
    return (row as { typed_fields: string | null }).typed_fields
  } finally {
    database.close()
  }
}

test('what was typed on the passenger step survives a switch to Turkish and back', async ({
  page,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = slot(testInfo, 0)
  await chooseVehicle(page, time)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-passenger$/)

  const js = testInfo.project.name === 'js'
  // Continue may have been a whole-page post if it came before the vehicle step
  // hydrated; the field is only checked on leaving it once React runs the form.
  if (js) await waitForHydration(page)
  const form = passengerForm(page)
  await form.getByLabel('First Name').fill('Ayşe')
  await form.getByLabel('Email').fill('ayse.example.com')
  await form.getByLabel('Passengers').selectOption('3')
  await form.getByLabel('Notes (optional)').fill('Otel: Pera Palas\nKapı 2')
  if (js) {
    // conform checks the field on leaving it: its message must outlive the switch too.
    await form.getByLabel('Email').blur()
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    )
  }

  await switchTo(page, testInfo, 'Türkçe')
  await expect(page).toHaveURL(/\/booking-passenger$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yolcu bilgileri')
  await expect(page).toHaveTitle(/Yolcu/)
  await expect(field(page, 'name')).toHaveValue('Ayşe')
  await expect(field(page, 'email')).toHaveValue('ayse.example.com')
  await expect(field(page, 'passengers')).toHaveValue('3')
  await expect(field(page, 'notes')).toHaveValue('Otel: Pera Palas\nKapı 2')
  await expect(field(page, 'lastName')).toHaveValue('')
  if (js) {
    await expect(page.getByLabel('E-posta', { exact: true })).toHaveAccessibleDescription(
      'Lütfen geçerli bir e-posta adresi girin.',
    )
  }
  await expect(page.locator('#language-menu')).toBeHidden()
  // Nothing was saved as the booking's details: the step is still to be done.
  const [booking] = bookingsFor(time, since)
  expect(booking).toMatchObject({ email: null, passenger_count: null })
  await expectNoAxeViolations(page, testInfo)

  // A reload (or a later visit) shows the same typed values: they are kept on the server.
  await page.reload()
  await expect(field(page, 'email')).toHaveValue('ayse.example.com')
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr')

  // And back to English from the footer's buttons.
  if (js) await waitForHydration(page)
  await page
    .locator('footer')
    .getByRole('button', { name: /^English/ })
    .click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passenger details')
  await expect(field(page, 'name')).toHaveValue('Ayşe')
  await expect(field(page, 'notes')).toHaveValue('Otel: Pera Palas\nKapı 2')

  // Saved for real: the kept copy goes, the stored details come back from now on.
  await form.getByLabel('Last Name').fill('Yılmaz')
  await form.getByLabel('Email').fill('ayse@example.com')
  await form.getByLabel('Phone').fill('+90 532 123 45 67')
  await form.getByLabel('Luggage').selectOption('2')
  await fillArrivingFlight(form)
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  expect(typedFieldsOf(booking!.id)).toBeNull()
  expect(bookingsFor(time, since)[0]).toMatchObject({
    email: 'ayse@example.com',
    passenger_count: 3,
  })
})

test('the payment step keeps typed billing details, the option and the ticked box', async ({
  page,
}, testInfo) => {
  const time = slot(testInfo, 1)
  await chooseVehicle(page, time)
  await page.getByRole('button', { name: 'Continue' }).click()
  const form = passengerForm(page)
  await form.getByLabel('First Name').fill('Ayşe')
  await form.getByLabel('Last Name').fill('Yılmaz')
  await form.getByLabel('Email').fill('ayse@example.com')
  await form.getByLabel('Phone').fill('+90 532 123 45 67')
  await form.getByLabel('Passengers').selectOption('2')
  await form.getByLabel('Luggage').selectOption('2')
  // Already in Istanbul: the explicit choice stands in for a flight.
  await form.getByLabel('I am not arriving by air, or I am already in Istanbul').check()
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)

  await fillBilling(page)
  await page.getByRole('textbox', { name: /^Company/ }).fill('Boğaziçi Turizm')
  await page.getByRole('radio', { name: depositCash.en }).check()
  await page.getByLabel(/I have read and accept/).check()

  await switchTo(page, testInfo, 'Türkçe')
  await expect(page).toHaveURL(/\/booking-payment$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ödeme')
  await expect(field(page, 'address')).toHaveValue('Bağdat Caddesi 1')
  await expect(field(page, 'company')).toHaveValue('Boğaziçi Turizm')
  await expect(page.getByRole('radio', { name: depositCash.tr })).toBeChecked()
  await expect(page.getByLabel(/okudum ve kabul ediyorum/)).toBeChecked()
  await expectNoAxeViolations(page, testInfo)

  // Unticked on the Turkish page, then switched back: unticked it stays.
  await page.getByLabel(/okudum ve kabul ediyorum/).uncheck()
  await switchTo(page, testInfo, 'English')
  await expect(page.getByLabel(/I have read and accept/)).not.toBeChecked()
  await expect(field(page, 'city')).toHaveValue('İstanbul')
  await expect(page.getByRole('radio', { name: depositCash.en })).toBeChecked()
})
