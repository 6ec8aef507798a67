import { pickupInstant } from '../../app/domain/trip-search'
import { expect, test } from '@playwright/test'
import {
  fakeFlight,
  heathrowAirport,
  istanbulAirport,
  sabihaGokcenAirport,
} from '../support/aeroapi-fake-server'
import { date, fillArrivingFlight, passengerForm, tripTime } from './booking-helpers'
import { expectNoAxeViolations } from './helpers'
import { openServerDatabase } from './database'
import { fakeAeroApiUrl, flightsSitePort } from './flights-settings'
import { istanbulPickupIn, mailsWith, payBookingOverHttp } from './traveller-helpers'
import { runProvidersMaintenance } from './compliance-settings'
import { newAccount, signIn } from './staff-helpers'

/**
 * With a flight-status provider (the fifth test server asks the local AeroAPI
 * stand-in), the passenger step checks the arriving flight against the
 * booking: one landing at the other airport, or after the pickup, comes back
 * beside the field with the fix; the traveller may keep what they typed. A
 * ride to the airport checks the flight it is to catch the same way, and the
 * maintenance run follows an arriving flight as operations would run it.
 */
test.use({ baseURL: `http://localhost:${flightsSitePort}` })

const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000)
const iso = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z')
/** Istanbul's time of day of a moment (UTC+3 all year). */
const istanbulTime = (at: Date) => iso(minutes(at, 180)).slice(11, 16)
const istanbulDay = (at: Date) => iso(minutes(at, 180)).slice(0, 10)

/**
 * A time the staff page writes beside a booked pickup (the landing, the moved
 * pickup): its time, and its day first when it falls on a later day than the
 * pickup's ("1 December at 00:35"). A 00:00 pickup's day is the one it starts.
 */
function staffMoment(at: Date, pickupDay: string): string {
  if (istanbulDay(at) === pickupDay) return istanbulTime(at)
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/Istanbul',
  }).format(at)
  return `${day} at ${istanbulTime(at)}`
}

test('the passenger step checks the arriving flight against the booking, and the traveller may keep it', async ({
  page,
}, testInfo) => {
  const time = tripTime(testInfo, 0)
  const pickup = new Date(`${date}T${time}:00+03:00`)
  // One flight number per project: the two runs share the stand-in.
  const number = testInfo.project.name === 'js' ? '1971' : '1972'
  const late = `TK${number}`
  const elsewhere = `PC${number}`
  // Gate arrival 40 minutes after the booked pickup; fakeFlight lands 235 minutes after leaving.
  const landing = minutes(pickup, 40)
  const suggested = new Date(Math.ceil(minutes(landing, 30).getTime() / 300_000) * 300_000)
  await page.request.post(`${fakeAeroApiUrl}/__fake/flights`, {
    data: [
      fakeFlight(iso(minutes(landing, -235)), {
        ident_icao: `THY${number}`,
        ident_iata: late,
        destination: istanbulAirport,
      }),
      fakeFlight(iso(minutes(pickup, -300)), {
        ident_icao: `PGT${number}`,
        ident_iata: elsewhere,
        operator_iata: 'PC',
        destination: sabihaGokcenAirport,
      }),
    ],
  })

  await page.goto(`/booking-vehicle?date=${date}&time=${time}&pickup=IST&destination=Taksim`)
  await page.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-passenger$/)
  const form = passengerForm(page)
  // With a provider the step says the flight is followed.
  await expect(form).toContainText('we follow your flight')
  await form.getByLabel('First Name').fill('Ayşe')
  await form.getByLabel('Last Name').fill('Yılmaz')
  await form.getByLabel('Email').fill('ayse@example.com')
  await form.getByLabel('Phone').fill('+90 532 123 45 67')
  await form.getByLabel('Passengers').selectOption('2')
  await form.getByLabel('Luggage').selectOption('2')
  const flight = form.getByLabel('Arriving flight number')

  // A flight landing at Sabiha Gökçen for a pickup at Istanbul Airport.
  await fillArrivingFlight(form, elsewhere.toLowerCase())
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-passenger$/)
  await expect(flight).toHaveAttribute('aria-invalid', 'true')
  await expect(flight).toHaveAccessibleDescription(
    new RegExp(`Flight ${elsewhere} lands at SAW, not IST\\.`),
  )
  // Nothing typed is lost.
  await expect(form.getByLabel('First Name')).toHaveValue('Ayşe')
  await expect(flight).toHaveValue(elsewhere.toLowerCase())
  await expectNoAxeViolations(page, testInfo)

  // A flight landing after the pickup: the question names a pickup that suits it.
  await flight.fill(late)
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(flight).toHaveAccessibleDescription(
    `For example TK1984. Flight ${late} lands at IST at ${istanbulTime(landing)}, after your pickup time: a pickup at ${istanbulTime(suggested)} would suit it. Change the time on the vehicle step, or tick below to keep yours.`,
  )

  // The traveller keeps their time: the step saves the flight as typed.
  await form.getByLabel('Keep my flight number and pickup time as they are').check()
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)

  // The provider was asked with the key, about these flights only.
  const requests = (await (await page.request.get(`${fakeAeroApiUrl}/__fake/requests`)).json()) as {
    path: string
    authorized: boolean
  }[]
  const ours = requests.filter((request) => request.path.endsWith(number))
  expect(ours.length).toBeGreaterThanOrEqual(2)
  expect(ours.every((request) => request.authorized)).toBe(true)
  // What was kept is stored as the flight's ident.
  const database = openServerDatabase(flightsSitePort)
  try {
    const stored = database
      .prepare('select flight_number from bookings where flight_number = ?')
      .get(late) as { flight_number: string } | undefined
    expect(stored?.flight_number).toBe(late)
  } finally {
    database.close()
  }
})

test('the maintenance run follows a delayed flight: the ride page shows it, the traveller is told once', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000)
  const js = testInfo.project.name === 'js'
  const number = js ? '1973' : '1974'
  const ident = `TK${number}`
  const when = istanbulPickupIn(js ? 20 : 21)
  // Read as the site reads it: a 00:00 pickup is the midnight that ends its date.
  const pickup = pickupInstant(when.date, when.time)
  const flight = (arrival: Date) =>
    fakeFlight(iso(minutes(arrival, -235)), {
      ident_icao: `THY${number}`,
      ident_iata: ident,
      destination: sabihaGokcenAirport,
    })
  // On time at booking: at the gate 40 minutes before the pickup.
  await page.request.post(`${fakeAeroApiUrl}/__fake/flights`, {
    data: [flight(minutes(pickup, -40))],
  })
  const reference = await payBookingOverHttp(page.request, { ...when, flightNumber: ident })

  // Then the plane is late: expected at the gate 50 minutes after the booked pickup
  // (the same flight posted again replaces the one the stand-in held).
  const late = minutes(pickup, 50)
  await page.request.post(`${fakeAeroApiUrl}/__fake/flights`, {
    data: [{ ...flight(minutes(pickup, -40)), estimated_in: iso(late), estimated_on: iso(late) }],
  })
  const database = openServerDatabase(flightsSitePort)
  try {
    // The other project's run, beside this one on the same site, may have asked
    // about this flight while it was still on time: its cadence would wait three
    // hours before the next ask. Bring that ask to now: this run (or that one)
    // then stores the late estimate.
    database
      .prepare(
        `update flight_checks set next_check_at = ? where booking_id =
         (select id from bookings where reference = ?)`,
      )
      .run(new Date().toISOString(), reference)
    runProvidersMaintenance()
    const check = database
      .prepare(
        `select flight_checks.estimated_arrival from flight_checks
         join bookings on bookings.id = flight_checks.booking_id where bookings.reference = ?`,
      )
      .get(reference) as { estimated_arrival: string | null } | undefined
    expect(check?.estimated_arrival && new Date(check.estimated_arrival).getTime()).toBe(
      late.getTime(),
    )
  } finally {
    database.close()
  }

  await page.goto('/booking-received')
  const meet = page.getByRole('region', { name: 'Where you meet your driver' })
  const driverAt = minutes(late, 30)
  await expect(meet).toContainText(
    new RegExp(`${ident}.*${istanbulTime(late)}.*${istanbulTime(driverAt)}`),
  )
  await expectNoAxeViolations(page, testInfo)

  // The traveller hears of it once, whatever the runs after.
  runProvidersMaintenance()
  // The traveller once, and the operations mailbox once (the driver has none yet).
  const outbox = `data/e2e-outbox-${flightsSitePort}`
  // Both new times, not just the landing: a mail's Date header (UTC) can read the
  // same hour and minute as the landing in Istanbul, and would count the confirmations.
  const told = await mailsWith(
    [reference, ident, istanbulTime(late), istanbulTime(driverAt)],
    2,
    outbox,
  )
  expect(told.filter((mail) => mail.includes('To: ayse@example.com'))).toHaveLength(1)

  // A dispatcher who opens the booking from the traveller's call sees it there too.
  const dispatcher = newAccount(testInfo, 'dispatcher', 'flight-desk', flightsSitePort)
  await page.goto('/ops/sign-in')
  await signIn(page, dispatcher.email, dispatcher.password)
  await page.goto(`/ops/bookings/${reference}`)
  // Run late in the evening, the late flight moves the pickup past midnight: the page says the day.
  const moved = staffMoment(driverAt, istanbulDay(pickup))
  await expect(page.getByText(`Pickup moved to ${moved} (booked ${when.time})`)).toBeVisible()
  await expect(
    page.getByText(
      new RegExp(`${ident} (in the air, )?expected at ${staffMoment(late, istanbulDay(pickup))}`),
    ),
  ).toBeVisible()
  await expect(page.getByText(`${when.time}, moved to ${moved}`)).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
})

test('a ride to the airport checks the flight it is to catch, and proposes a pickup that catches it', async ({
  page,
}, testInfo) => {
  const time = tripTime(testInfo, 1)
  const pickup = new Date(`${date}T${time}:00+03:00`)
  const number = testInfo.project.name === 'js' ? '1975' : '1976'
  const ident = `TK${number}`
  // It leaves IST two hours after the pickup: too soon for an international flight.
  const departure = minutes(pickup, 120)
  await page.request.post(`${fakeAeroApiUrl}/__fake/flights`, {
    data: [
      fakeFlight(iso(departure), {
        ident_icao: `THY${number}`,
        ident_iata: ident,
        origin: istanbulAirport,
        destination: heathrowAirport,
      }),
    ],
  })

  await page.goto(`/booking-vehicle?date=${date}&time=${time}&pickup=Taksim&destination=IST`)
  await page.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-passenger$/)
  const form = passengerForm(page)
  await form.getByLabel('Pickup address or hotel').fill('Pera Palace Hotel')
  await form.getByLabel('First Name').fill('Ayşe')
  await form.getByLabel('Last Name').fill('Yılmaz')
  await form.getByLabel('Email').fill('ayse@example.com')
  await form.getByLabel('Phone').fill('+90 532 123 45 67')
  await form.getByLabel('Passengers').selectOption('2')
  await form.getByLabel('Luggage').selectOption('2')
  const flight = form.getByLabel('Departing flight number (optional)')
  await flight.fill(ident.toLowerCase())
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-passenger$/)
  await expect(flight).toHaveAttribute('aria-invalid', 'true')
  await expect(flight).toHaveAccessibleDescription(
    new RegExp(
      `Flight ${ident} leaves IST at ${istanbulTime(departure)}\\. To be there 3 hours before an international flight, with about \\d+ minutes' drive at that hour, a pickup at \\d{2}:\\d{2} would catch it\\.`,
    ),
  )
  await expectNoAxeViolations(page, testInfo)

  await form.getByLabel('Keep my flight number and pickup time as they are').check()
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  // Kept with the departure as scheduled, for the check the evening before.
  const database = openServerDatabase(flightsSitePort)
  try {
    const stored = database
      .prepare(
        'select departure_flight, departure_scheduled_at from bookings where departure_flight = ?',
      )
      .get(ident) as { departure_flight: string; departure_scheduled_at: string } | undefined
    expect(stored).toEqual({
      departure_flight: ident,
      departure_scheduled_at: departure.toISOString(),
    })
  } finally {
    database.close()
  }
})
