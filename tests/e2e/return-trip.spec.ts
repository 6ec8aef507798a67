import { expect, test, type Locator } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn, openIn, routeSearchForm } from './helpers'
import {
  bookNowAndPay,
  extraCard,
  fillBilling,
  fillPassenger,
  passengerForm,
  summary,
  total,
  tripTime,
} from './booking-helpers'
import { decodeMail, mailsWith, openServerDatabase } from './database'
import { newAccount, signIn } from './staff-helpers'

/** Whole euros in a text such as '€258' or 'Outbound €129 + return €129'. */
function euros(text: string): number[] {
  return [...text.matchAll(/€([\d,]+)/g)].map((match) => Number(match[1]!.replace(/,/g, '')))
}

async function eurosIn(locator: Locator): Promise<number[]> {
  return euros((await locator.textContent()) ?? '')
}

/**
 * A trip there and back, with JavaScript and without: SAW → Şile with a
 * return two days later, searched on the home banner with 'Add a return',
 * priced per ride on the server and paid once; the booking, its invoice, its
 * e-mail and its calendar file carry both rides; staff find two jobs, one on
 * each day, linked to each other; the return ride's driver finds it on their
 * jobs by the trip's reference too; the traveller cancels the return ride on
 * its own, gets its share of the payment back, the outbound staying booked,
 * and an e-mail naming the trip they know.
 */
test('SAW → Şile with a return two days later, paid once, two jobs', async ({ page }, testInfo) => {
  const day = istanbulDateIn(3)
  const returnDay = istanbulDateIn(5)
  const time = tripTime(testInfo, 13)
  const returnTime = tripTime(testInfo, 14)
  const js = testInfo.project.name === 'js'

  await page.goto('/')
  const form = routeSearchForm(page)
  await form.getByLabel('Pickup Location').fill('SAW')
  await form.getByLabel('Destination').fill('Şile')
  await form.getByLabel('Date', { exact: true }).fill(day)
  await form.getByLabel('Time', { exact: true }).selectOption(time)
  await form.getByLabel('Add a return').check()
  await expect(form.getByLabel('Return date')).toBeVisible()
  await form.getByLabel('Return date').fill(returnDay)
  await form.getByLabel('Return time').selectOption(returnTime)
  await expectNoAxeViolations(page, testInfo)
  await form.getByRole('button', { name: 'Search' }).click()

  // Each class priced for both rides: the card's price is the two rides' sum.
  await expect(page).toHaveURL(/\/booking-vehicle\?.*return=1/)
  await expect(page.getByRole('region', { name: 'Your trip' })).toContainText(
    /Return.*Şile → Sabiha Gökçen/,
  )
  const offer = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Business Luxury Minivan' }) })
  const [cardTotal, outbound, back] = await eurosIn(offer.locator('.offer__price'))
  expect(outbound! + back!).toBe(cardTotal)
  await expect(offer).toContainText(`Outbound €${outbound} + return €${back}`)
  // The search still says what was asked, return included.
  await expect(routeSearchForm(page).getByLabel('Add a return')).toBeChecked()
  await expect(routeSearchForm(page).getByLabel('Return date')).toHaveValue(returnDay)
  await expectNoAxeViolations(page, testInfo)
  await offer.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()

  // A child seat rides both ways: 7 EUR on each ride.
  await expect(page).toHaveURL(/\/booking-extra$/)
  await expect(summary(page)).toContainText('Outbound: Business Luxury Minivan')
  await expect(summary(page)).toContainText('Return: Business Luxury Minivan')
  await expect(total(page)).toHaveText(`€${cardTotal}`)
  await extraCard(page, 'Child Seat').getByRole('button', { name: /^Add/ }).click()
  await expect(total(page)).toHaveText(`€${cardTotal! + 14}`)
  await expect(summary(page)).toContainText('Child Seat, both rides')
  await page.getByRole('button', { name: 'Continue' }).click()
  // The return's pickup in Şile is asked like any pickup in town: its exact address.
  await fillPassenger(page)
  const passenger = passengerForm(page)
  await expect(passenger.getByRole('group', { name: 'Your return ride' })).toContainText(
    `Pickup: Şile`,
  )
  await passenger.getByRole('button', { name: 'Continue' }).click()
  const returnAddress = passenger.getByLabel('Return pickup address or hotel')
  await expect(returnAddress).toHaveAttribute('aria-invalid', 'true')
  await expect(returnAddress).toHaveAccessibleDescription(
    /Please give the street and number, or the hotel, where your driver collects you\./,
  )
  // Nothing typed is lost on the way back.
  await expect(passenger.getByLabel('First Name')).toHaveValue('Ayşe')
  await expectNoAxeViolations(page, testInfo)
  await returnAddress.fill('Şile Resort, Kumbaba')
  await passenger.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  await fillBilling(page)
  const reference = await bookNowAndPay(page, testInfo)

  // The ride page follows both rides, each with its own status.
  await expect(page.getByRole('heading', { name: /^Your return ride: Şile → / })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Reservation Information' })).toContainText(
    /Return.*Şile → Sabiha Gökçen/,
  )
  // The return's pickup is shown as exactly as the outbound's.
  await expect(page.getByRole('region', { name: 'Reservation Information' })).toContainText(
    'Return pickup addressŞile Resort, Kumbaba',
  )
  // The seat is on each ride, and paid on each: the extras say so, in both languages.
  await expect(page.getByRole('region', { name: 'Reservation Information' })).toContainText(
    'Child Seat (fitted and charged on each ride, outbound and return)',
  )
  await expectNoAxeViolations(page, testInfo)
  await openIn(page, '/booking-received', 'tr')
  await expect(page.getByRole('region', { name: 'Rezervasyon Bilgileri' })).toContainText(
    'Çocuk koltuğu (gidişte ve dönüşte ayrı ayrı takılır ve ücretlendirilir)',
  )
  await openIn(page, '/booking-received', 'en')

  // The invoice bills both rides and the seat on each.
  await page.goto('/invoice')
  const invoice = page.getByRole('article', { name: 'Invoice' })
  await expect(invoice).toContainText('Business Luxury Minivan return transfer')
  await expect(invoice).toContainText('on each of 2 rides')

  // The e-mail names the return, and its calendar file holds one event per ride.
  const [raw] = await mailsWith([reference, 'text/calendar'], 1)
  expect(decodeMail(raw!).body).toMatch(/Return.*Şile → Sabiha Gökçen/)
  const calendar = Buffer.from(
    /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/
      .exec(raw!)![1]!
      .replace(/\s/g, ''),
    'base64',
  ).toString('utf8')
  expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2)
  expect(calendar).toContain(`DTSTART;TZID=Europe/Istanbul:${day.replace(/-/g, '')}T`)
  expect(calendar).toContain(`DTSTART;TZID=Europe/Istanbul:${returnDay.replace(/-/g, '')}T`)

  // Staff: the outbound on its day, the return ride on its own, each linking the other.
  const database = openServerDatabase()
  const returnRide = database
    .prepare(
      `select r.reference, r.status, r.paid_minor, r.pickup_address from bookings r
         join bookings o on o.id = r.outbound_booking_id where o.reference = ?`,
    )
    .get(reference) as {
    reference: string
    status: string
    paid_minor: number
    pickup_address: string
  }
  database.close()
  expect(returnRide.status).toBe('confirmed')
  expect(returnRide.pickup_address).toBe('Şile Resort, Kumbaba')
  expect(returnRide.paid_minor).toBe((back! + 7) * 100)
  const admin = newAccount(testInfo, 'admin', 'return')
  await page.goto('/ops/sign-in')
  await signIn(page, admin.email, admin.password)
  await page.goto(`/ops?day=${returnDay}`)
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: returnRide.reference }) })
  await expect(row).toContainText('Şile')
  await row.getByRole('link', { name: returnRide.reference }).click()
  await expect(page.getByText('Outbound ride (which paid for this one)')).toBeVisible()
  await page.getByRole('link', { name: reference }).click()
  await expect(page.getByText('Return ride (paid with this booking)')).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  // The return ride's driver: the job card names the return and the trip on the voucher.
  const driverAccount = newAccount(testInfo, 'driver', 'return-driver')
  const driverName = `Return Driver ${testInfo.project.name}`
  // Both projects' vehicles are on the one server: each its own plate.
  const plate = js ? '34 RT 201' : '34 RT 202'
  await page.goto('/ops/drivers')
  const driverForm = page.getByRole('form', { name: 'Add a driver' })
  await driverForm.getByLabel('Name').fill(driverName)
  await driverForm.getByLabel('Phone').fill('+90 532 000 33 44')
  await driverForm.getByLabel('Languages spoken').fill('Turkish')
  await driverForm.getByLabel('Driving licence number').fill(`R-${testInfo.project.name}`)
  await driverForm
    .getByLabel('Driver sign-in')
    .selectOption({ label: `E2E return-driver (${driverAccount.email})` })
  await driverForm.getByRole('button', { name: 'Add driver' }).click()
  await expect(page.getByRole('status')).toHaveText(`Driver ${driverName} added.`)
  await page.goto('/ops/vehicles')
  const vehicleForm = page.getByRole('form', { name: 'Add a vehicle' })
  await vehicleForm.getByLabel('Vehicle class').selectOption({ label: 'Business Luxury Minivan' })
  await vehicleForm.getByLabel('Make and model').fill('Mercedes-Benz Vito')
  await vehicleForm.getByLabel('Plate').fill(plate)
  await vehicleForm.getByLabel('Passenger seats').fill('6')
  await vehicleForm.getByLabel('Suitcases').fill('6')
  await vehicleForm.getByRole('button', { name: 'Add vehicle' }).click()
  await expect(page.getByRole('status')).toHaveText(`Vehicle ${plate} added.`)
  await page.goto(`/ops/bookings/${returnRide.reference}/assign`)
  await page
    .getByLabel('Driver', { exact: true })
    .selectOption({ label: `${driverName} (Turkish)` })
  await page.getByLabel('Vehicle', { exact: true }).selectOption({
    label: `${plate}: Mercedes-Benz Vito, Business Luxury Minivan, 6 seats, 6 suitcases`,
  })
  await page.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('Driver and vehicle assigned.')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/ops\/sign-in\?signedOut=1$/)
  await signIn(page, driverAccount.email, driverAccount.password)
  await expect(page).toHaveURL(/\/ops\/jobs$/)
  const job = page.getByRole('listitem').filter({ hasText: returnRide.reference })
  await expect(job).toContainText(`${returnRide.reference} · return of ${reference}`)
  await expect(job).toContainText('Şile Resort, Kumbaba')
  await expectNoAxeViolations(page, testInfo)

  // The traveller cancels the return ride alone: its share comes back.
  await page.goto('/booking-cancel')
  const cancelReturn = page.getByRole('region', { name: 'Your return ride' })
  const share = `€${back! + 7}.00`
  await expect(cancelReturn).toContainText(share)
  await expectNoAxeViolations(page, testInfo)
  await cancelReturn
    .getByRole('button', { name: `Cancel the return ride and refund ${share}` })
    .click()
  await expect(page).toHaveURL(/\/booking-received/)
  const after = openServerDatabase()
  const states = after
    .prepare(
      `select b.reference, b.status,
              (select sum(amount_minor) from payment_refunds f
                where f.booking_id = b.id and f.status = 'succeeded') as refunded
         from bookings b where b.reference in (?, ?)`,
    )
    .all(reference, returnRide.reference) as {
    reference: string
    status: string
    refunded: number | null
  }[]
  after.close()
  expect(states.find((state) => state.reference === reference)).toMatchObject({
    status: 'confirmed',
    refunded: null,
  })
  expect(states.find((state) => state.reference === returnRide.reference)).toMatchObject({
    status: 'cancelled',
    refunded: (back! + 7) * 100,
  })
  if (js) await expect(page.getByRole('heading', { name: /^Your return ride/ })).toBeVisible()
  // Its e-mail names the trip the traveller knows, as the return ride.
  const [cancelled] = await mailsWith(
    [`The return ride of your booking ${reference} has been cancelled.`],
    1,
  )
  expect(decodeMail(cancelled!).subject).toBe(
    `The return ride of your booking ${reference} is cancelled | Marmara Chauffeur`,
  )
})

/**
 * Taksim → IST and back: the return is picked up at the airport, so the
 * passenger step asks the flight landing before it, required unless the
 * traveller ticks that they are not arriving by air, as at any airport pickup.
 */
test('a return picked up at an airport asks its arriving flight', async ({ page }, testInfo) => {
  const day = istanbulDateIn(4)
  const back = istanbulDateIn(6)
  await page.goto(
    `/booking-vehicle?date=${day}&time=${tripTime(testInfo, 9)}&pickup=Taksim&destination=IST&return=1&returnDate=${back}&returnTime=${tripTime(testInfo, 20)}`,
  )
  await page.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await fillPassenger(page)
  const passenger = passengerForm(page)
  const group = passenger.getByRole('group', { name: 'Your return ride' })
  await expect(group).toContainText('Pickup: Istanbul Airport (IST)')
  await passenger.getByRole('button', { name: 'Continue' }).click()
  const flight = passenger.getByLabel('Arriving flight number for your return pickup')
  await expect(flight).toHaveAttribute('aria-invalid', 'true')
  await expect(flight).toHaveAccessibleDescription(/flight/i)
  await expectNoAxeViolations(page, testInfo)
  await passenger.getByLabel('I am not arriving by air for my return pickup').check()
  await passenger.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  // Back on the step, the choice is still there.
  await page.goto('/booking-passenger')
  await expect(
    passengerForm(page).getByLabel('I am not arriving by air for my return pickup'),
  ).toBeChecked()
})

test('a return before the outbound has arrived is explained beside the search, still filled', async ({
  page,
}) => {
  const day = istanbulDateIn(3)
  await page.goto(
    `/booking-vehicle?date=${day}&time=10:00&pickup=SAW&destination=Şile&return=1&returnDate=${day}&returnTime=11:00`,
  )
  await expect(page.getByRole('alert')).toHaveText(
    'The return pickup must be at least an hour after the outbound ride arrives. Please choose a later return time.',
  )
  const form = routeSearchForm(page)
  await expect(form.getByLabel('Add a return')).toBeChecked()
  await expect(form.getByLabel('Return time')).toHaveValue('11:00')
  await expect(form.getByLabel('Return time')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Pickup Location')).toHaveValue('SAW')
  await expect(page.getByRole('button', { name: /^Select / })).toHaveCount(0)
})

test('the return speaks Turkish on the vehicle step, and axe is clean', async ({
  page,
}, testInfo) => {
  const day = istanbulDateIn(3)
  const back = istanbulDateIn(5)
  await openIn(
    page,
    `/booking-vehicle?date=${day}&time=10:00&pickup=SAW&destination=Şile&return=1&returnDate=${back}&returnTime=18:00`,
    'tr',
  )
  const form = page.getByRole('form', { name: 'Yolculuk arayın' })
  await expect(form.getByLabel('Dönüş ekle')).toBeChecked()
  await expect(form.getByLabel('Dönüş tarihi')).toHaveValue(back)
  await expect(page.getByRole('region', { name: 'Yolculuğunuz' })).toContainText(
    /Dönüş.*Şile → Sabiha Gökçen.*saat 18:00/,
  )
  await expect(page.locator('.offer__legs').first()).toHaveText(/^Gidiş .+ \+ dönüş .+$/)
  await expectNoAxeViolations(page, testInfo)
})
