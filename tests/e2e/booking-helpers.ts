import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'
import { tomorrowInIstanbul } from './helpers'
import { openServerDatabase } from './database'
import { depositCash } from './rule-texts'

/**
 * Shared steps of the booking specs. Every test books its own pickup time,
 * different per project and per spec file (the slot's base), so the bookings
 * it counts in the server's database are its own.
 */
export function tripTime(testInfo: TestInfo, slot: number): string {
  const index = slot * 2 + (testInfo.project.name === 'no-js' ? 1 : 0)
  const hour = 4 + Math.floor(index / 4)
  return `${String(hour).padStart(2, '0')}:${['00', '15', '30', '45'][index % 4]}`
}

export const date = tomorrowInIstanbul()

export function vehicleStep(time: string, day = date) {
  return `/booking-vehicle?date=${day}&time=${time}&pickup=SAW&destination=Şile`
}

export interface StoredBooking {
  id: string
  reference: string
  status: string
  vehicle_class: string
  total_cents: number
  passenger_count: number | null
  email: string | null
  pickup_text: string
  pickup_address: string | null
}

/** The bookings stored for this test's trip since it started (tomorrow, or on `day`). */
export function bookingsFor(time: string, since: string, day = date): StoredBooking[] {
  const database = openServerDatabase()
  try {
    return database
      .prepare(
        `select id, reference, status, vehicle_class, total_cents, passenger_count, email,
                pickup_text, pickup_address
           from bookings where trip_date = ? and trip_time = ? and created_at >= ?`,
      )
      .all(day, time, since) as StoredBooking[]
  } finally {
    database.close()
  }
}

export async function chooseVehicle(
  page: Page,
  time: string,
  vehicle = 'Business Luxury Minivan',
  day = date,
) {
  await page.goto(vehicleStep(time, day))
  await page.getByRole('button', { name: `Select ${vehicle}` }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
}

/** An extra's card on the extras step, found by its title. */
export const extraCard = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })

export const summary = (page: Page) => page.getByRole('region', { name: 'Your booking' })
export const total = (page: Page) => summary(page).locator('.booking-summary__total dd')
export const passengerForm = (page: Page) => page.getByRole('form', { name: 'Who is travelling?' })

/** The exact address the passenger step asks of a pickup that is not an airport. */
export const pickupAddress = 'Pera Palace Hotel, Meşrutiyet Caddesi 52'

/**
 * Fills the passenger step; a pickup that is not an airport (an hourly hire,
 * a named spot) also gets its exact address, the field the step then shows.
 */
export async function fillPassenger(page: Page, passengers = '3') {
  const form = passengerForm(page)
  // Exact: a trip there and back has a "Return pickup address or hotel" too.
  const address = form.getByLabel('Pickup address or hotel', { exact: true })
  if (await address.count()) await address.fill(pickupAddress)
  await form.getByLabel('First Name').fill('Ayşe')
  await form.getByLabel('Last Name').fill('Yılmaz')
  await form.getByLabel('Email').fill('ayse@example.com')
  await form.getByLabel('Phone').fill('+90 532 123 45 67')
  await form.getByLabel('Passengers').selectOption(passengers)
  await form.getByLabel('Luggage').selectOption('2')
  await fillArrivingFlight(form)
}

/**
 * The flight: asked (and required) as the arriving flight at an airport
 * pickup, optional elsewhere. English or Turkish labels.
 */
export async function fillArrivingFlight(form: Locator, flight = 'tk 1984') {
  await form
    .getByLabel(
      /^(Arriving flight number|Flight number \(optional\)|Geliş uçuşunuzun numarası|Uçuş numarası \(isteğe bağlı\))$/,
    )
    .fill(flight)
}

export async function fillBilling(page: Page) {
  await page.getByLabel('Address').fill('Bağdat Caddesi 1')
  await page.getByLabel('City').fill('İstanbul')
  await page.getByLabel('ZIP Code').fill('34710')
  await page.getByLabel('Country').fill('Türkiye')
}

/** The simulator's test card that succeeds (as in iyzico's sandbox). */
/** The simulator's test cards (listed on its page; the first is iyzico's sandbox success card). */
export const cards = {
  success: '5528790000000008',
  declined: '4111111111111129',
  threeDs: '4151111111111112',
}

/**
 * From the extras step to a filled, accepted payment step, ready for 'Book Now':
 * extras (a child seat when asked), passenger details, billing, payment option.
 */
export async function fillStepsToBookNow(
  page: Page,
  {
    childSeat = false,
    passengers = '3',
    paymentOption,
    company,
  }: {
    childSeat?: boolean
    passengers?: string
    paymentOption?: 'fullCard' | 'depositCash'
    company?: string
  } = {},
) {
  if (childSeat) await page.getByRole('button', { name: 'Add Child Seat' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await fillPassenger(page, passengers)
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  await fillBilling(page)
  if (company) {
    // A company on the invoice is asked with its tax details (app/booking/booking-forms.ts).
    await page.getByRole('checkbox', { name: 'Invoice to a company' }).check()
    await page.getByRole('textbox', { name: 'Company name' }).fill(company)
    await page.getByRole('textbox', { name: 'Tax office' }).fill('Kadıköy')
    await page.getByRole('textbox', { name: /^Tax number/ }).fill('4540536920')
  }
  if (paymentOption) {
    await page
      .getByRole('radio', {
        name: paymentOption === 'depositCash' ? depositCash.en : /Full Credit Card/,
      })
      .check()
  }
  await page.getByLabel(/I have read and accept/).check()
}

/**
 * The simulator's page: a card number, then back to the site. Without JavaScript
 * the traveller presses the return button the provider shows; with it, the page
 * returns by itself.
 */
export async function payWith(page: Page, card: string, testInfo: TestInfo) {
  await page.getByLabel('Card number').fill(card)
  await page.getByRole('button', { name: /^Pay / }).click()
  if (testInfo.project.name === 'no-js') {
    await page.getByRole('button', { name: 'Return to Marmara Chauffeur' }).click()
  }
}

/** A booking paid in full (or its deposit) by the success card: ends on the received page. */
export async function bookAndPay(
  page: Page,
  time: string,
  testInfo: TestInfo,
  options: { paymentOption?: 'fullCard' | 'depositCash'; company?: string; day?: string } = {},
) {
  const { day, ...steps } = options
  await chooseVehicle(page, time, undefined, day)
  await fillStepsToBookNow(page, { childSeat: true, paymentOption: 'fullCard', ...steps })
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
}

/** The booking reference the received page shows, once its payment is confirmed. */
export async function receivedReference(page: Page): Promise<string> {
  const main = page.locator('main')
  await expect(main).toContainText(/MC-[A-Z0-9]{6}/)
  return /MC-[A-Z0-9]{6}/.exec((await main.textContent()) ?? '')![0]
}

/**
 * From a payment step with its billing filled: accept the terms, Book Now and
 * pay with the success card. Ends on the received page; returns the reference.
 */
export async function bookNowAndPay(page: Page, testInfo: TestInfo): Promise<string> {
  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book Now' }).click()
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  return receivedReference(page)
}

/**
 * On the received page: passenger `number`'s nationality (by its English
 * name) and document, a T.C. number for Türkiye, a passport number otherwise.
 */
export async function fillPassengerIdentity(
  page: Page,
  number: number,
  { nationality = 'Germany', document = 'C01X00T47' } = {},
) {
  await page.getByLabel(`Passenger ${number}: nationality`).selectOption({ label: nationality })
  const field =
    nationality === 'Türkiye'
      ? `Passenger ${number}: T.C. identity number`
      : `Passenger ${number}: passport number`
  await page.getByLabel(field).fill(document)
}
