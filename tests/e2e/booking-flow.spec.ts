import { expect, test } from '@playwright/test'
import {
  expectNoAxeViolations,
  istanbulDateIn,
  openIn,
  routeSearchForm,
  waitForHydration,
} from './helpers'
import { openServerDatabase } from './database'
import { assignNewDriver, newAccount, signIn } from './staff-helpers'
import {
  bookingsFor,
  bookNowAndPay,
  chooseVehicle,
  date,
  extraCard,
  fillBilling,
  fillPassenger,
  passengerForm,
  pickupAddress,
  summary,
  total,
  tripTime,
  vehicleStep,
} from './booking-helpers'
import { depositCash, priceHoldMinutes } from './rule-texts'

/**
 * The booking from the vehicle step to the payment summary, run with and
 * without JavaScript.
 */

test('from Select to the payment summary, with the error messages on empty and wrong input', async ({
  page,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = tripTime(testInfo, 0)
  await chooseVehicle(page, time)

  // Extras
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add extras')
  await expect(page.locator('.progress [aria-current="step"]')).toContainText('Extras')
  await expect(page.locator('.progress .is-done')).toHaveCount(2)
  await expect(total(page)).toHaveText('€129')
  const reference = (await summary(page)
    .locator('.booking-summary__reference strong')
    .textContent())!
  expect(reference).toMatch(/^MC-[2-9A-Z]{6}$/)
  await expectNoAxeViolations(page, testInfo)
  // Seats by quantity: Add, then one more and one fewer, each re-priced on the server.
  const childSeat = extraCard(page, 'Child Seat')
  await expect(childSeat.getByRole('status')).toHaveCount(0)
  await childSeat.getByRole('button', { name: 'Add Child Seat' }).click()
  await expect(childSeat.getByRole('status')).toHaveText('1 added')
  await expect(total(page)).toHaveText('€136')
  await childSeat.getByRole('button', { name: 'Add another Child Seat' }).click()
  await expect(childSeat.getByRole('status')).toHaveText('2 added')
  await expect(total(page)).toHaveText('€143')
  await childSeat.getByRole('button', { name: 'Remove one Child Seat' }).click()
  await expect(childSeat.getByRole('status')).toHaveText('1 added')
  await expect(total(page)).toHaveText('€136')
  await page.getByRole('button', { name: 'Continue' }).click()

  // Passenger: empty, then a wrong e-mail address
  await expect(page).toHaveURL(/\/booking-passenger$/)
  await expect(page.locator('.progress .is-done')).toHaveCount(3)
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  const alert = passengerForm(page).getByRole('alert')
  await expect(alert).toContainText('Please fill in all required fields.')
  await expect(alert).toContainText('Please select number of passengers and luggage.')
  await expect(passengerForm(page).getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveTitle(/^Error: /)
  await expectNoAxeViolations(page, testInfo)

  await fillPassenger(page)
  await passengerForm(page).getByLabel('Email').fill('ayse.example.com')
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  await expect(passengerForm(page).getByRole('alert')).toHaveText(
    /Please enter a valid email address\./,
  )
  await expect(passengerForm(page).getByLabel('First Name')).toHaveValue('Ayşe')
  await expect(passengerForm(page).getByLabel('Passengers')).toHaveValue('3')
  await expect(passengerForm(page).getByLabel('Arriving flight number')).toHaveValue('tk 1984')
  await passengerForm(page).getByLabel('Email').fill('ayse@example.com')
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()

  // Payment: empty billing, then the summary and Book Now
  await expect(page).toHaveURL(/\/booking-payment$/)
  await expect(page.locator('.progress [aria-current="step"]')).toContainText('Payment')
  await expect(page.getByLabel('First Name')).toHaveValue('Ayşe')
  await page.getByLabel('First Name').fill('')
  await page.getByLabel('Last Name').fill('')
  await page.getByRole('button', { name: 'Book Now' }).click()
  // Beside each of the six fields, and in the summary's link to each.
  await expect(page.getByText('This field is required.')).toHaveCount(6 + 6)
  await expect(
    page.locator('.error-summary').getByRole('link', { name: 'Address: This field is required.' }),
  ).toHaveAttribute('href', '#payment-form-address')
  // The company's fields are asked only with an invoice to a company: unticked, never refused.
  await expect(page.getByLabel('Company name')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Tax number (VKN or TCKN)')).not.toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expectNoAxeViolations(page, testInfo)

  await page.getByLabel('First Name').fill('Ayşe')
  await page.getByLabel('Last Name').fill('Yılmaz')
  await fillBilling(page)
  const review = page.getByRole('region', { name: 'Review your booking' })
  await expect(review).toContainText('Business Luxury Minivan')
  await expect(review).toContainText('Child Seat')
  await expect(review).toContainText('ayse@example.com')
  await expect(review).toContainText('TK1984')
  await page.getByLabel(depositCash.en).check()
  await expect(page.locator('label').filter({ hasText: depositCash.en })).toContainText(
    'Pay €40.80 by card now and €95.20 in cash to your driver.',
  )
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(page.getByText(/Please accept the Terms and Conditions/).first()).toBeVisible()
  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book Now' }).click()

  // Book Now hands over to the payment provider's page for the deposit only.
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await expect(page.getByRole('note')).toContainText('No real card is charged')
  await expect(page.getByText('€40.80').first()).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  const stored = bookingsFor(time, since)
  expect(stored).toEqual([
    expect.objectContaining({
      reference,
      status: 'awaiting_payment',
      vehicle_class: 'LUXMNVN',
      total_cents: 13600,
      passenger_count: 3,
      email: 'ayse@example.com',
    }),
  ])
})

test('refresh and the back button keep what was entered and make no second draft', async ({
  page,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = tripTime(testInfo, 1)
  await chooseVehicle(page, time)
  await page.getByRole('button', { name: 'Add Booster seat' }).click()
  await expect(total(page)).toHaveText('€136')
  await page.reload()
  await expect(extraCard(page, 'Booster seat').getByRole('status')).toHaveText('1 added')
  await page.getByRole('button', { name: 'Continue' }).click()
  await fillPassenger(page)
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  await page.reload()
  await expect(page.getByLabel('Last Name')).toHaveValue('Yılmaz')

  await page.goBack()
  await expect(page).toHaveURL(/\/booking-passenger$/)
  await page.reload()
  await expect(passengerForm(page).getByLabel('Email')).toHaveValue('ayse@example.com')
  await expect(passengerForm(page).getByLabel('Luggage')).toHaveValue('2')

  // Back links all the way to the vehicle step, and the same class again.
  await passengerForm(page).getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/booking-vehicle\?/)
  await expect(routeSearchForm(page).getByLabel('Pickup Location')).toHaveValue('SAW')
  await page.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await expect(extraCard(page, 'Booster seat').getByRole('status')).toHaveText('1 added')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(passengerForm(page).getByLabel('First Name')).toHaveValue('Ayşe')

  expect(bookingsFor(time, since)).toHaveLength(1)
})

test('a double click on Select makes one draft', async ({ page }, testInfo) => {
  const since = new Date().toISOString()
  const time = tripTime(testInfo, 2)
  await page.goto(vehicleStep(time))
  await page.getByRole('button', { name: 'Select Eco Minivan' }).dblclick()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await expect(total(page)).toHaveText('€99')
  const stored = bookingsFor(time, since)
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({ vehicle_class: 'ECOMNVN', total_cents: 9900 })
})

test('tampered prices, classes and passenger counts are refused', async ({
  page,
  baseURL,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = tripTime(testInfo, 3)
  const trip = { date, time, pickup: 'SAW', destination: 'Şile', currency: 'EUR' }
  const headers = { origin: baseURL! }
  await page.goto(vehicleStep(time))
  const nonce = await page.locator('input[name="page"]').first().inputValue()

  // A price lower than the card showed: the current prices again, no booking.
  const cheap = await page.request.post('/booking-vehicle', {
    form: { ...trip, page: nonce, vehicleClass: 'LUXMNVN', shownPrice: '100' },
    headers,
  })
  expect(cheap.status()).toBe(409)
  expect(await cheap.text()).toContain('The price of this trip has changed')
  // A class that does not exist.
  const forged = await page.request.post('/booking-vehicle', {
    form: { ...trip, page: nonce, vehicleClass: 'ROCKET', shownPrice: '12900' },
    headers,
  })
  expect(forged.status()).toBe(400)
  expect(await forged.text()).toContain('<title>Error: ')
  expect(bookingsFor(time, since)).toHaveLength(0)

  // More passengers than the vehicle takes, and a price sent along with the form.
  await page.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-passenger$/)
  const crowded = await page.request.post('/booking-passenger', {
    form: {
      name: 'Ayşe',
      lastName: 'Yılmaz',
      email: 'ayse@example.com',
      phone: '+90 532 123 45 67',
      passengers: '9',
      luggage: '2',
      price: '1',
      totalPrice: '1',
    },
    headers,
  })
  expect(crowded.status()).toBe(400)
  expect(await crowded.text()).toContain('This vehicle takes at most 5 passengers.')
  expect(bookingsFor(time, since)).toEqual([
    expect.objectContaining({ passenger_count: null, total_cents: 12900 }),
  ])
})

test("another browser's draft id is not found, signed or not", async ({
  page,
  browser,
}, testInfo) => {
  const time = tripTime(testInfo, 4)
  const since = new Date().toISOString()
  await chooseVehicle(page, time)
  const [mine] = bookingsFor(time, since)

  const stranger = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  })
  await stranger.addCookies([{ name: 'booking', value: mine!.id, url: new URL(page.url()).origin }])
  const strangerPage = await stranger.newPage()
  await strangerPage.goto('/booking-payment')
  await expect(strangerPage).toHaveURL(/\/booking-vehicle\?notice=noBooking$/)
  await expect(strangerPage.getByRole('alert')).toContainText(
    'We could not find a booking in progress in this browser.',
  )
  await expect(strangerPage.getByText(mine!.reference)).toHaveCount(0)
  await stranger.close()
})

test('a later step opened too early sends the traveller back with a message', async ({
  page,
}, testInfo) => {
  await page.goto('/booking-payment')
  await expect(page).toHaveURL(/\/booking-vehicle\?notice=noBooking$/)
  await expect(page).toHaveTitle(/^Error: /)
  await expectNoAxeViolations(page, testInfo)

  await chooseVehicle(page, tripTime(testInfo, 5))
  await page.goto('/booking-payment')
  await expect(page).toHaveURL(/\/booking-extra\?notice=extrasFirst$/)
  await expect(page.getByRole('status').first()).toContainText('Please choose your extras first.')
  await page.getByRole('button', { name: 'Continue' }).click()
  // With JavaScript the click posts in the background: opening another address
  // before its answer would cancel it, and the extras would never be saved.
  await expect(page).toHaveURL(/\/booking-passenger$/)
  await page.goto('/booking-payment')
  await expect(page).toHaveURL(/\/booking-passenger\?notice=passengerFirst$/)
  await expect(page.getByRole('status').first()).toContainText(
    'Please enter the passenger details first.',
  )
})

test('an expired quote asks to choose again, keeping what was entered', async ({
  page,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = tripTime(testInfo, 6)
  await chooseVehicle(page, time)
  await page.getByRole('button', { name: 'Continue' }).click()
  await fillPassenger(page)
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)

  // Age this test's own quote past its 30 minutes.
  const database = openServerDatabase()
  database
    .prepare('update bookings set quote_expires_at = ? where trip_date = ? and trip_time = ?')
    .run(new Date(Date.now() - 60_000).toISOString(), date, time)
  database.close()

  await page.reload()
  await expect(page).toHaveURL(/\/booking-vehicle\?.*notice=expired/)
  await expect(page.getByRole('alert').first()).toContainText(
    `Your price was held for ${priceHoldMinutes} minutes`,
  )
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(passengerForm(page).getByLabel('Email')).toHaveValue('ayse@example.com')

  const stored = bookingsFor(time, since)
  expect(stored.map((booking) => booking.status).sort()).toEqual(['draft', 'expired'])
})

test.describe('in Turkish', () => {
  // The browser asks for Turkish, as a Turkish traveller's does (Accept-Language).
  test.use({ locale: 'tr-TR' })

  test('the passenger step speaks Turkish', async ({ page }, testInfo) => {
    await page.goto(vehicleStep(tripTime(testInfo, 7)))
    await page.getByRole('button', { name: 'Seç', exact: false }).nth(1).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ekstra ekleyin')
    await page.getByRole('button', { name: 'Devam' }).click()
    await expect(page).toHaveURL(/\/booking-passenger$/)
    await page.getByRole('button', { name: 'Devam' }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Lütfen tüm zorunlu alanları doldurun.')
    await expect(alert).toContainText('Lütfen yolcu ve bagaj sayısını seçin.')
    // The error title speaks the page's language too, with and without JavaScript.
    await expect(page).toHaveTitle(/^Hata: /)
    await expectNoAxeViolations(page, testInfo)
  })

  test('a pickup that is not an airport is asked for its address in Turkish', async ({
    page,
  }, testInfo) => {
    const time = tripTime(testInfo, 18)
    await page.goto(`/booking-vehicle?date=${date}&time=${time}&pickup=Taksim&destination=IST`)
    await page.getByRole('button', { name: 'Seçin VIP Minivan' }).click()
    await page.getByRole('button', { name: 'Devam' }).click()
    await expect(page).toHaveURL(/\/booking-passenger$/)
    const form = page.getByRole('form', { name: 'Kim seyahat ediyor?' })
    await form.getByRole('button', { name: 'Devam' }).click()
    const address = form.getByLabel('Alış adresi veya otel')
    await expect(address).toHaveAttribute('aria-invalid', 'true')
    await expect(address).toHaveAccessibleDescription(
      /Şoförünüzün sizi alacağı yer \(Taksim\).*Lütfen şoförünüzün sizi alacağı sokak ve numarayı ya da oteli yazın\./,
    )
    await expectNoAxeViolations(page, testInfo)
  })
})

test('a page opened in Turkish keeps Turkish through the booking steps', async ({
  page,
}, testInfo) => {
  await openIn(page, vehicleStep(tripTime(testInfo, 9)), 'tr')
  await page.getByRole('button', { name: 'Seçin VIP Minivan' }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ekstra ekleyin')
  await expect(page.getByRole('button', { name: 'Ekleyin Çocuk koltuğu' })).toBeVisible()
})

test('with JavaScript, fields are checked as the traveller leaves them, without a reload', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'no-js', 'instant validation needs JavaScript')
  await chooseVehicle(page, tripTime(testInfo, 8))
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-passenger$/)
  // The step loads as a page: its check is in place once its scripts are.
  await waitForHydration(page)
  const documentRequests: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentRequests.push(request.url())
  })
  const email = passengerForm(page).getByLabel('Email')
  await email.fill('ayse.example.com')
  await email.blur()
  await expect(page.locator(`#${await email.getAttribute('aria-describedby')}`)).toHaveText(
    'Please enter a valid email address.',
  )
  await email.fill('ayse@example.com')
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')
  await fillPassenger(page)
  // Every check so far happened in the page: nothing was loaded.
  expect(documentRequests).toEqual([])
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  // The step is not hydrated: the valid form is posted once, and its redirect loads the next step.
  expect(documentRequests).toEqual([
    expect.stringMatching(/\/booking-passenger$/),
    expect.stringMatching(/\/booking-payment$/),
  ])
})

test('a pickup named "Taksim" keeps its name, and its exact address goes to the ride page and the driver', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000)
  const js = testInfo.project.name === 'js'
  const since = new Date().toISOString()
  const time = tripTime(testInfo, 12)
  // Two days ahead: its details may still be changed online (until 24 hours before pickup).
  const day = istanbulDateIn(2)
  await page.goto(`/booking-vehicle?date=${day}&time=${time}&pickup=Taksim&destination=IST`)
  await expect(page.getByRole('region', { name: 'Your trip' })).toContainText('Taksim')
  await page.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await expect(summary(page)).toContainText('Taksim')
  await page.getByRole('button', { name: 'Continue' }).click()

  // Not an airport: the exact address or hotel is required, said beside the field, nothing lost.
  await fillPassenger(page)
  const form = passengerForm(page)
  const address = form.getByLabel('Pickup address or hotel')
  await expect(address).toHaveAccessibleDescription(/Where your driver collects you in Taksim/)
  for (const [typed, message] of [
    ['', 'Please give the street and number, or the hotel, where your driver collects you.'],
    ['ş'.repeat(201), 'Please use at most 200 characters.'],
  ] as const) {
    await address.fill(typed)
    await form.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/booking-passenger$/)
    await expect(address).toHaveAttribute('aria-invalid', 'true')
    await expect(address).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')))
    await expect(address).toHaveValue(typed)
    await expect(form.getByLabel('Email')).toHaveValue('ayse@example.com')
  }
  await expectNoAxeViolations(page, testInfo)
  await address.fill(pickupAddress)
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  await fillBilling(page)
  const reference = await bookNowAndPay(page, testInfo)

  // The ride page, its meeting point and the voucher: Taksim and the address, never the district.
  const reservation = page.getByRole('region', { name: 'Reservation Information' })
  await expect(reservation).toContainText('Taksim')
  await expect(reservation).toContainText(pickupAddress)
  await expect(page.getByRole('region', { name: 'Where you meet your driver' })).toContainText(
    `the pickup address, ${pickupAddress}, Taksim,`,
  )
  const voucher = page.getByRole('article', { name: /voucher/i })
  await expect(voucher).toContainText('Taksim')
  await expect(voucher).toContainText(pickupAddress)
  await expect(page.locator('main')).not.toContainText('Beyoğlu')

  // The address is changed with the other details: required there too, then saved.
  await page.getByRole('link', { name: 'Change details' }).click()
  const changed = 'Grand Hotel de Londres, Meşrutiyet Caddesi 53'
  const changeField = page.getByLabel('Pickup address or hotel')
  await expect(changeField).toHaveValue(pickupAddress)
  await changeField.fill('')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(changeField).toHaveAccessibleDescription(/Please give the street and number/)
  await changeField.fill(changed)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Your changes are saved. We have sent you a confirmation by e-mail.',
  )
  await expect(reservation).toContainText(changed)
  expect(bookingsFor(time, since, day)).toEqual([
    expect.objectContaining({ reference, pickup_text: 'Taksim', pickup_address: changed }),
  ])

  // Staff: the record keeps the spot with its district, and the address with a maps search.
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    `${changed}, Taksim`,
  )}`
  const admin = newAccount(testInfo, 'admin', 'named-pickup-admin')
  const driverAccount = newAccount(testInfo, 'driver', 'named-pickup-driver')
  await page.goto('/ops/sign-in')
  await signIn(page, admin.email, admin.password)
  await page.goto(`/ops/bookings/${reference}`)
  await expect(page.locator('main')).toContainText('Taksim (Beyoğlu)')
  await expect(page.locator('main')).toContainText(changed)
  await expect(page.getByRole('link', { name: 'Open in maps' })).toHaveAttribute('href', mapsUrl)
  await page.goto(`/ops?day=${day}`)
  await expect(
    page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) }),
  ).toContainText('Taksim (Beyoğlu)')
  const csv = await (await page.request.get(`/ops/board.csv?day=${day}`)).text()
  expect(csv.split('\r\n').find((line) => line.includes(reference))).toContain(
    `Taksim (Beyoğlu),"${changed}"`,
  )
  await page.goto(`/ops/run-sheet?day=${day}`)
  const sheetJob = page.getByRole('listitem').filter({ hasText: reference })
  await expect(sheetJob).toContainText('Taksim (Beyoğlu)')
  await expect(sheetJob).toContainText(changed)
  await expect(sheetJob.getByRole('link', { name: 'Open in maps' })).toHaveAttribute(
    'href',
    mapsUrl,
  )
  await assignNewDriver(page, reference, {
    name: js ? 'Oğuz Tekin' : 'Cem Arslan',
    phone: '+90 533 444 55 66',
    plate: js ? '34 NP 301' : '34 NP 302',
    signInLabel: `E2E named-pickup-driver (${driverAccount.email})`,
  })

  // The driver's card: where to go, and a maps search for exactly there.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.goto('/ops/sign-in')
  await signIn(page, driverAccount.email, driverAccount.password)
  await expect(page).toHaveURL(/\/ops\/jobs$/)
  const job = page.getByRole('listitem').filter({ hasText: reference })
  await expect(job).toContainText('Taksim')
  await expect(job).toContainText(`At the pickup address: ${changed}, Taksim.`)
  await expect(job.getByRole('link', { name: /in maps$/ })).toHaveAttribute('href', mapsUrl)
  await expectNoAxeViolations(page, testInfo)
})
