import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations, waitForHydration } from './helpers'
import { openServerDatabase, outboxDir } from './database'
import {
  bookingsFor,
  cards,
  chooseVehicle,
  date,
  fillBilling,
  fillPassenger,
  fillStepsToBookNow,
  passengerForm,
  payWith,
  total,
  tripTime,
  fillPassengerIdentity,
} from './booking-helpers'
import { depositCash } from './rule-texts'

/**
 * From 'Book Now' through the payment simulator to the booking received page,
 * with JavaScript and without. Slots from 10 up keep these trips apart from
 * the other booking specs'.
 */
const slot = (testInfo: TestInfo, n: number) => tripTime(testInfo, 10 + n)

/**
 * Vehicle, extras, passenger and billing, then Book Now: ends on the simulator's
 * page. The search starts from the home page's form, as a traveller's does.
 */
async function bookAndOpenPayment(page: Page, time: string, passengers = '3') {
  await page.goto('/')
  const search = page.getByRole('form', { name: 'Search for a ride' })
  await search.getByLabel('Pickup Location').fill('SAW')
  await search.getByLabel('Destination').fill('Şile')
  await search.getByLabel('Date', { exact: true }).fill(date)
  await search.getByLabel('Time', { exact: true }).selectOption(time)
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/booking-vehicle\?/)
  await page.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await fillStepsToBookNow(page, { childSeat: true, passengers })
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
}

function events(bookingId: string) {
  const database = openServerDatabase()
  try {
    return database
      .prepare('select to_status from booking_events where booking_id = ? order by id')
      .all(bookingId)
      .map((row) => (row as { to_status: string }).to_status)
  } finally {
    database.close()
  }
}

/**
 * The confirmation e-mails written for a booking (the outbox of the test
 * server): the traveller's, not the operations mailbox's note of the booking.
 */
async function mailsFor(reference: string, expected: number): Promise<string[]> {
  let found: string[] = []
  await expect
    .poll(() => {
      const folder = outboxDir()
      found = existsSync(folder)
        ? readdirSync(folder)
            .filter((file) => file.endsWith('.eml'))
            .map((file) => readFileSync(join(folder, file), 'utf8'))
            .filter((mail) => mail.includes(reference))
            .filter((mail) => !/^To: reservations@marmarachauffeur\.com$/m.test(mail))
        : []
      return found.length
    })
    .toBe(expected)
  return found
}

test('the whole journey pays by card in the simulator and ends on the received page', async ({
  page,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = slot(testInfo, 0)
  await bookAndOpenPayment(page, time)
  await expect(page.getByText('€136').first()).toBeVisible()
  await payWith(page, cards.success, testInfo)

  await expect(page).toHaveURL(/\/booking-received$/)
  await expect(page).toHaveTitle('Booking Recieved | Marmara Chauffeur')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your order was submitted successfully!',
  )
  const [booking] = bookingsFor(time, since)
  expect(booking).toMatchObject({ status: 'confirmed' })
  const order = page.getByRole('region', { name: 'Order Summary' })
  await expect(order).toContainText(booking!.reference)
  await expect(order).toContainText('€136')
  await expect(order).toContainText('Full Credit Card')
  await expect(page.getByRole('region', { name: 'Reservation Information' })).toContainText(
    'Child Seat',
  )
  await expect(page.getByRole('region', { name: 'Passenger Information' })).toContainText(
    'ayse@example.com',
  )
  await expectNoAxeViolations(page, testInfo)

  const [mail] = await mailsFor(booking!.reference, 1)
  expect(mail).toContain('ayse@example.com')
  expect(mail).toContain('text/calendar')
  expect(events(booking!.id)).toEqual(['draft', 'awaiting_payment', 'confirmed'])
})

test('a declined card and a failed 3-D Secure check come back to the payment step', async ({
  page,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = slot(testInfo, 1)
  await bookAndOpenPayment(page, time)
  await payWith(page, cards.declined, testInfo)
  await expect(page).toHaveURL(/\/booking-payment\?notice=paymentDeclined$/)
  await expect(page.getByRole('alert').first()).toContainText('Your card was declined')
  await expect(page.getByLabel('City')).toHaveValue('İstanbul')
  await expectNoAxeViolations(page, testInfo)

  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book Now' }).click()
  await payWith(page, cards.threeDs, testInfo)
  await expect(page).toHaveURL(/\/booking-payment\?notice=paymentThreeDs$/)
  await expect(page.getByRole('alert').first()).toContainText('3-D Secure')

  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book Now' }).click()
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  const [booking] = bookingsFor(time, since)
  expect(events(booking!.id)).toEqual([
    'draft',
    'awaiting_payment',
    'payment_failed',
    'awaiting_payment',
    'payment_failed',
    'awaiting_payment',
    'confirmed',
  ])
})

test('a replayed callback and the back button change nothing and send nothing twice', async ({
  page,
  baseURL,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = slot(testInfo, 2)
  await bookAndOpenPayment(page, time)
  const token = page.url().split('/').pop()!
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  const [booking] = bookingsFor(time, since)

  // The provider (or anyone) posting the same token again, from another origin.
  const replay = await page.request.post('/payment/callback', {
    form: { token },
    headers: { origin: 'https://sandbox-api.iyzipay.com' },
    maxRedirects: 0,
  })
  expect(replay.status()).toBe(303)
  expect(replay.headers().location).toBe('/booking-received')

  // Back to the provider's page after paying: it offers only the way back, no second payment.
  if (testInfo.project.name === 'js') {
    await page.goBack()
    await expect(page).toHaveURL(/\/booking-received$/)
  }
  await page.goto(`/payment-simulator/${token}`)
  await expect(page.getByLabel('Card number')).toHaveCount(0)
  if (testInfo.project.name === 'no-js') {
    await page.getByRole('button', { name: 'Return to Marmara Chauffeur' }).click()
  }
  await expect(page).toHaveURL(/\/booking-received$/)
  await page.goto(`${baseURL}/booking-payment`)
  await expect(page).toHaveURL(/\/booking-received$/)
  expect(events(booking!.id).filter((status) => status === 'confirmed')).toHaveLength(1)
  await mailsFor(booking!.reference, 1)
})

test('a stranger sees nothing of a booking, with or without its reference', async ({
  page,
  browser,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = slot(testInfo, 3)
  await bookAndOpenPayment(page, time)
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  const [booking] = bookingsFor(time, since)

  const stranger = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  })
  const strangerPage = await stranger.newPage()
  for (const path of [
    '/booking-received',
    `/booking-received?key=${booking!.id}.forged`,
    `/booking-received?reference=${booking!.reference}`,
  ]) {
    const response = await strangerPage.goto(path)
    expect(response?.status()).toBe(404)
    await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    await expect(strangerPage.getByText(booking!.reference)).toHaveCount(0)
  }
  await stranger.close()
})

test('Add Passenger up to the limit, then Complete Reservation', async ({ page }, testInfo) => {
  const since = new Date().toISOString()
  const time = slot(testInfo, 4)
  await bookAndOpenPayment(page, time, '2')
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)

  await expect(page.getByLabel('Passenger 1: first name')).toHaveValue('Ayşe')
  await page.getByRole('button', { name: '+ Add Passenger' }).click()
  await expect(page.getByLabel('Passenger 2: first name')).toBeVisible()
  await page.getByRole('button', { name: '+ Add Passenger' }).click()
  await expect(page.getByRole('alert')).toHaveText('Max passenger limit reached!')

  await page.getByRole('button', { name: 'Complete Reservation' }).click()
  await expect(page.getByRole('alert')).toContainText('Please enter the first and last name')
  await expect(page.getByLabel('Passenger 2: first name')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, testInfo)

  await page.getByLabel('Passenger 2: first name').fill('Mehmet')
  await page.getByLabel('Passenger 2: last name').fill('Yılmaz')
  // The passenger list filed before the ride: a Turkish citizen's T.C. number, mistyped by
  // one digit, is refused beside it, every field kept; a German's passport number.
  await fillPassengerIdentity(page, 1, { nationality: 'Türkiye', document: '10000000147' })
  await fillPassengerIdentity(page, 2, { document: 'c01x 00t47' })
  await page.getByRole('button', { name: 'Complete Reservation' }).click()
  const tckn = page.getByLabel('Passenger 1: T.C. identity number')
  await expect(tckn).toHaveAttribute('aria-invalid', 'true')
  await expect(tckn).toHaveAccessibleDescription(
    /This T\.C\. identity number is not valid: check each digit\.$/,
  )
  await expect(tckn).toHaveValue('10000000147')
  await expect(page.getByLabel('Passenger 2: passport number')).toHaveValue('c01x 00t47')
  await expect(page.getByLabel('Passenger 2: nationality')).toHaveValue('DE')
  await expectNoAxeViolations(page, testInfo)
  await tckn.fill('10000000146')
  await page.getByRole('button', { name: 'Complete Reservation' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reservation Completed' })
  await expect(dialog).toContainText('Your reservation has been successfully completed!')
  await expectNoAxeViolations(page, testInfo)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  // The numbers given are never shown back: the page says which field holds one.
  await page.goto('/booking-received')
  expect(await page.content()).not.toMatch(/10000000146|C01X00T47/)
  await expect(page.getByLabel('Passenger 1: T.C. identity number')).toHaveValue('')
  await expect(page.getByLabel('Passenger 1: T.C. identity number')).toHaveAccessibleDescription(
    /Already given: leave it empty to keep it\.$/,
  )
  await expect(page.getByLabel('Passenger 2: nationality')).toHaveValue('DE')

  // The names given are a fact beside the status: the ride is still to come.
  const [booking] = bookingsFor(time, since)
  expect(booking).toMatchObject({ status: 'confirmed' })
  const database = openServerDatabase()
  const names = database
    .prepare(
      'select first_name, last_name from booking_passengers where booking_id = ? order by position',
    )
    .all(booking!.id)
  const given = database
    .prepare('select names_given_at, names_given_by from bookings where id = ?')
    .get(booking!.id) as { names_given_at: string | null; names_given_by: string | null }
  database.close()
  expect(given.names_given_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  expect(given.names_given_by).toBe('traveller')
  expect(names).toEqual([
    { first_name: 'Ayşe', last_name: 'Yılmaz' },
    { first_name: 'Mehmet', last_name: 'Yılmaz' },
  ])
})

test('a double click on Book Now opens one payment page', async ({ page }, testInfo) => {
  const since = new Date().toISOString()
  const time = slot(testInfo, 5)
  await chooseVehicle(page, time)
  await fillStepsToBookNow(page)
  await page.getByRole('button', { name: 'Book Now' }).dblclick()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  const [booking] = bookingsFor(time, since)
  const database = openServerDatabase()
  const attempts = database
    .prepare('select token from payment_attempts where booking_id = ?')
    .all(booking!.id) as { token: string }[]
  database.close()
  expect(attempts).toHaveLength(1)
  expect(page.url()).toContain(attempts[0]!.token)
})

test('after a declined card and an expired price, one action prices the same booking again', async ({
  page,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = slot(testInfo, 6)
  await bookAndOpenPayment(page, time)
  await payWith(page, cards.declined, testInfo)
  await expect(page).toHaveURL(/\/booking-payment\?notice=paymentDeclined$/)
  const [booking] = bookingsFor(time, since)
  const shownBefore = await total(page).innerText()

  // The 30 minutes the price was held pass while the traveller fetches another card.
  const database = openServerDatabase()
  database
    .prepare(
      `update bookings set quote_expires_at = ?, total_minor = total_minor + 500 where id = ?`,
    )
    .run(new Date(Date.now() - 60_000).toISOString(), booking!.id)
  database.close()

  await page.getByLabel(/I have read and accept/).check()
  await page.getByLabel('City').fill('Kadıköy')
  await page.getByRole('button', { name: 'Book Now' }).click()
  // Never a silent loop: the reason, the way on, and what was typed.
  await expect(page.getByRole('alert').first()).toContainText(
    'The price we held for you has run out',
  )
  await expect(page.getByLabel('City')).toHaveValue('Kadıköy')
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)

  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Get the current price' }).click()
  await expect(page).toHaveURL(/\/booking-payment\?notice=repriced$/)
  await expect(page.getByRole('status').first()).toContainText('We priced your trip again')
  // The trip's real price again (the test had pushed the stored one up), shown before paying.
  await expect(total(page)).toHaveText(shownBefore)
  await expect(page.getByLabel('City')).toHaveValue('Kadıköy')

  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book Now' }).click()
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  expect(bookingsFor(time, since)).toHaveLength(1)
  expect(events(booking!.id)).toEqual([
    'draft',
    'awaiting_payment',
    'payment_failed',
    'payment_failed',
    'awaiting_payment',
    'confirmed',
  ])
})

test('the expired-price message and action are in Turkish on a Turkish booking', async ({
  page,
}, testInfo) => {
  const since = new Date().toISOString()
  const time = slot(testInfo, 7)
  await bookAndOpenPayment(page, time)
  await payWith(page, cards.declined, testInfo)
  await expect(page).toHaveURL(/\/booking-payment\?notice=paymentDeclined$/)
  const [booking] = bookingsFor(time, since)
  const database = openServerDatabase()
  database
    .prepare(`update bookings set quote_expires_at = ? where id = ?`)
    .run(new Date(Date.now() - 60_000).toISOString(), booking!.id)
  database.close()
  await page.goto('/booking-payment?lng=tr')
  await expect(page.getByRole('alert').first()).toContainText(
    'Sizin için tuttuğumuz fiyatın süresi doldu',
  )
  await expect(page.getByRole('button', { name: 'Güncel fiyatı al' })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
})

/** An e-mail's text with its quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(mail: string): string {
  const bytes = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

test('the received page shows what the e-mail says and leads to the invoice and the driver voucher', async ({
  page,
  browser,
}, testInfo) => {
  test.slow()
  const js = testInfo.project.name === 'js'
  const since = new Date().toISOString()
  const time = slot(testInfo, 8)
  await chooseVehicle(page, time)
  await page.getByRole('button', { name: 'Add Child Seat' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await fillPassenger(page, '3')
  await passengerForm(page).getByLabel('Name on the sign (optional)').fill('Dr. Ayşe Yılmaz')
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  await fillBilling(page)
  await page.getByRole('radio', { name: depositCash.en }).check()
  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book Now' }).click()
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  const [booking] = bookingsFor(time, since)
  const reference = booking!.reference

  // €136 in all: a 30 % deposit of €40.80 by card, €95.20 in cash, as in the e-mail.
  const order = page.getByRole('region', { name: 'Order Summary' })
  await expect(order).toContainText('Total€136.00')
  await expect(order).toContainText('Paid by card€40.80')
  await expect(order).toContainText('Due in cash to the driver€95.20')
  const reservation = page.getByRole('region', { name: 'Reservation Information' })
  await expect(reservation).toContainText('Flight numberTK1984')
  await expect(reservation).toContainText('Name on the signDr. Ayşe Yılmaz')
  await expect(reservation).toContainText('Passengers3')
  await expect(reservation).toContainText('Luggage2')
  const help = page.getByRole('region', { name: 'Need help?' })
  await expect(help).toContainText(reference)
  await expect(help.getByRole('link', { name: '+90 212 555 01 00' })).toHaveAttribute(
    'href',
    'tel:+902125550100',
  )
  await expect(help.getByRole('link', { name: 'Write to us on WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/905325550100?text=${encodeURIComponent(`Hello, my booking reference is ${reference}.`)}`,
  )
  const documents = page.getByRole('region', { name: 'Invoice and voucher' })
  await expect(documents.getByRole('link', { name: 'View and print the invoice' })).toHaveAttribute(
    'href',
    '/invoice',
  )
  await expect(documents.getByRole('link', { name: 'Open the printable voucher' })).toHaveAttribute(
    'href',
    '/booking-voucher',
  )

  // The voucher for the driver, on the page itself.
  const voucher = page.getByRole('article', { name: 'Transfer voucher' })
  await expect(voucher).toContainText(`Booking reference${reference}`)
  await expect(voucher).toContainText('Name on the signDr. Ayşe Yılmaz')
  await expect(voucher).toContainText('Lead passengerAyşe Yılmaz')
  await expect(voucher).toContainText('Şile')
  await expect(voucher).toContainText(`Pickup time${time}`)
  await expect(voucher).toContainText('Flight numberTK1984')
  await expect(voucher).toContainText('Passengers3')
  await expect(voucher).toContainText('Luggage2')
  await expect(voucher).toContainText('Child Seat')
  await expect(voucher).toContainText('Due in cash to the driver€95.20')
  await expectNoAxeViolations(page, testInfo)

  // 'Print voucher' (JavaScript only) prints the voucher alone; the browser's own Print, the page.
  const printVoucher = page.getByRole('button', { name: 'Print voucher' })
  if (js) {
    await waitForHydration(page)
    await page.evaluate(() => {
      window.print = () => {
        document.body.dataset.printedAs = document.documentElement.dataset.print ?? 'page'
      }
    })
    await printVoucher.click()
    await expect(page.locator('body')).toHaveAttribute('data-printed-as', 'voucher')
    await page.emulateMedia({ media: 'print' })
    await expect(voucher).toBeVisible()
    await expect(order).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toBeHidden()
    await expect(printVoucher).toBeHidden()
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')))
    await expect(order).toBeVisible()
    await page.emulateMedia({ media: 'screen' })
  } else {
    await expect(printVoucher).toHaveCount(0)
  }

  // The printable voucher page: the same voucher, alone when printed.
  await documents.getByRole('link', { name: 'Open the printable voucher' }).click()
  await expect(page).toHaveURL(/\/booking-voucher$/)
  await expect(page).toHaveTitle('Transfer Voucher | Marmara Chauffeur')
  const alone = page.getByRole('article', { name: 'Transfer voucher' })
  await expect(alone).toContainText(`Booking reference${reference}`)
  await expect(alone).toContainText('Due in cash to the driver€95.20')
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(js ? 1 : 0)
  await expectNoAxeViolations(page, testInfo)
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('.site-header')).toBeHidden()
  await expect(page.locator('.site-footer')).toBeHidden()
  await expect(page.getByRole('link', { name: 'Back to your booking' })).toBeHidden()
  await expect(alone).toBeVisible()
  await page.emulateMedia({ media: 'screen' })
  await page.getByRole('link', { name: 'Back to your booking' }).click()
  await expect(page).toHaveURL(/\/booking-received$/)

  // The invoice, from the received page.
  await page.getByRole('link', { name: 'View and print the invoice' }).click()
  await expect(page).toHaveURL(/\/invoice$/)
  await expect(page.getByRole('article', { name: 'Invoice' })).toContainText(reference)

  // The e-mail links to the invoice through the signed link; another browser opens it.
  const [raw] = await mailsFor(reference, 1)
  const mail = decodeQuotedPrintable(raw!)
  const invoiceLink = /https?:\/\/[^\s"<>]+\/invoice\?key=[\w-]+\.[\w-]+/.exec(mail)?.[0]
  expect(invoiceLink).toBeTruthy()
  const key = new URL(invoiceLink!).searchParams.get('key')!
  const stranger = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  })
  const strangerPage = await stranger.newPage()
  for (const path of ['/booking-voucher', `/booking-voucher?key=${booking!.id}.forged`]) {
    expect((await strangerPage.goto(path))?.status()).toBe(404)
    await expect(strangerPage.getByText(reference)).toHaveCount(0)
  }
  expect((await strangerPage.goto(invoiceLink!))?.status()).toBe(200)
  await expect(strangerPage.getByRole('article', { name: 'Invoice' })).toContainText(reference)

  // Opened through the signed link, the received page's links carry it.
  await strangerPage.goto(`/booking-received?key=${key}`)
  const linked = strangerPage.getByRole('region', { name: 'Invoice and voucher' })
  await expect(linked.getByRole('link', { name: 'View and print the invoice' })).toHaveAttribute(
    'href',
    `/invoice?key=${key}`,
  )
  await linked.getByRole('link', { name: 'Open the printable voucher' }).click()
  await expect(strangerPage).toHaveURL(`/booking-voucher?key=${key}`)
  await expect(strangerPage.getByRole('article', { name: 'Transfer voucher' })).toContainText(
    reference,
  )
  await expect(strangerPage.getByRole('link', { name: 'Back to your booking' })).toHaveAttribute(
    'href',
    `/booking-received?key=${key}`,
  )
  await stranger.close()
})
