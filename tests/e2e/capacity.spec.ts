import { expect, test, type Page } from '@playwright/test'
import { openServerDatabase } from './database'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import { capacitySitePort, capacitySiteUrl } from './capacity-site'
import { newAccount, signIn } from './staff-helpers'
import { cards, fillStepsToBookNow, payWith, receivedReference } from './booking-helpers'

/**
 * The vehicle step of a fleet with few cars, on a copy of the site of its
 * own (capacity-site.ts): a class with no car free at the searched time says
 * "Fully booked at 18:00" instead of Select, with the nearest times it is
 * free as links that keep the search; a search where every class is full
 * says so above the cards; a ride dispatch allows over capacity sells, and
 * the board says why it has no car of the company's own.
 */

/** The fleet the test needs on its own copy's database: one car per class named. */
function fleetWith(port: number, plates: Record<string, string>) {
  const database = openServerDatabase(port)
  try {
    database.prepare('update capacity_settings set fleet_limited = 1 where id = 1').run()
    const at = new Date().toISOString()
    const ids: Record<string, number> = {}
    for (const [classCode, plate] of Object.entries(plates)) {
      const found = database.prepare('select id from vehicles where plate = ?').get(plate) as
        { id: number } | undefined
      ids[classCode] =
        found?.id ??
        Number(
          database
            .prepare(
              `insert into vehicles (class_code, make_model, plate, colour, seats, luggage, active, created_at, updated_at)
               values (?, 'Mercedes V', ?, null, 6, 6, 1, ?, ?)`,
            )
            .run(classCode, plate, at, at).lastInsertRowid,
        )
    }
    return {
      /** Takes a car out of service between two Istanbul times of `day`. */
      block(classCode: string, day: string, from: string, until: string) {
        database
          .prepare(
            `insert into vehicle_blocks (vehicle_id, starts_at, ends_at, note, created_by, created_at)
             values (?, ?, ?, 'e2e service', null, ?)`,
          )
          .run(
            ids[classCode],
            new Date(`${day}T${from}:00+03:00`).toISOString(),
            new Date(`${day}T${until}:00+03:00`).toISOString(),
            at,
          )
      },
      close: () => database.close(),
    }
  } catch (error) {
    database.close()
    throw error
  }
}

/**
 * Opens `url` until `check` passes: the vehicle step reads the rules at most
 * every five seconds per instance, so a change written to the database just
 * now shows within that.
 */
async function showsWithinRulesRefresh(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(url)
    await check()
  }).toPass({ timeout: 15_000 })
}

/** A pickup `minutes` from now, on the quarter hour after it, as an Istanbul date and time. */
function istanbulQuarterHourIn(minutes: number): { day: string; time: string } {
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 900_000) * 900_000)
  const [day, time] = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Istanbul',
    dateStyle: 'short',
    timeStyle: 'short',
  })
    .format(at)
    .split(' ') as [string, string]
  // 00:00 is the midnight that ends a date: a quarter later starts the new day plainly.
  return time === '00:00' ? istanbulQuarterHourIn(minutes + 15) : { day, time }
}

const search = (day: string, time: string) =>
  `/booking-vehicle?${new URLSearchParams({ date: day, time, pickup: 'IST', destination: 'Taksim', currency: 'EUR' })}`

test('a class with no car free shows its nearest free times, which keep the search', async ({
  page,
}, testInfo) => {
  const port = capacitySitePort(testInfo)
  const project = testInfo.project.name === 'no-js' ? 'N' : 'J'
  // Each project has its own copy of the site, and this test its own days.
  const day = istanbulDateIn(12)
  const fleet = fleetWith(port, {
    ECOMNVN: `34 CE ${project}1`,
    LUXMNVN: `34 CL ${project}1`,
    LUXMNBS: `34 CB ${project}1`,
  })
  // The one Business Luxury Minivan is in service from 16:00 to 20:00; there is no Eco Minibus.
  fleet.block('LUXMNVN', day, '16:00', '20:00')
  fleet.close()

  const offer = (title: string) => page.locator('.offer').filter({ hasText: title })
  const business = offer('Business Luxury Minivan')
  await showsWithinRulesRefresh(page, `${capacitySiteUrl(testInfo)}${search(day, '18:00')}`, () =>
    expect(business).toContainText('Fully booked at 18:00', { timeout: 1_000 }),
  )
  await expect(business.getByRole('button', { name: /^Select/ })).toHaveCount(0)
  await expect(offer('Eco Minibus')).toContainText('No free time near it that day')
  await expect(
    offer('Eco Minivan').getByRole('button', { name: 'Select Eco Minivan' }),
  ).toBeVisible()
  // Not every class is full: no alert above the cards.
  await expect(page.getByText(/Every vehicle is fully booked/)).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)

  const free = business.getByRole('link', { name: /for Business Luxury Minivan$/ })
  await expect(free.first()).toBeVisible()
  // A ride there and back takes the car for over two hours: none before the service
  // (it would still be on the road at 16:00), the first ones once the car is back at 20:00.
  const times = (await free.allTextContents()).map((text) => text.replace(/ for .*/, '').trim())
  expect(times.length).toBeGreaterThan(0)
  for (const offered of times) expect(offered >= '20:30').toBe(true)
  const time = (await free.first().textContent())!.replace(/ for .*/, '').trim()
  await free.first().click()
  await expect(page).toHaveURL(new RegExp(`time=${time.replace(':', '%3A')}`))
  await expect(page).toHaveURL(/pickup=IST/)
  await expect(
    offer('Business Luxury Minivan').getByRole('button', {
      name: 'Select Business Luxury Minivan',
    }),
  ).toBeVisible()
})

test('a search where every class is full says so above the cards', async ({ page }, testInfo) => {
  const port = capacitySitePort(testInfo)
  const project = testInfo.project.name === 'no-js' ? 'N' : 'J'
  const day = istanbulDateIn(13)
  const fleet = fleetWith(port, {
    ECOMNVN: `34 CE ${project}1`,
    LUXMNVN: `34 CL ${project}1`,
    LUXMNBS: `34 CB ${project}1`,
  })
  for (const classCode of ['ECOMNVN', 'LUXMNVN', 'LUXMNBS']) {
    fleet.block(classCode, day, '08:00', '23:00')
  }
  fleet.close()

  await showsWithinRulesRefresh(page, `${capacitySiteUrl(testInfo)}${search(day, '12:00')}`, () =>
    expect(page.getByRole('alert')).toContainText(
      'Every vehicle is fully booked at 12:00 that day.',
      { timeout: 1_000 },
    ),
  )
  await expect(page.getByRole('button', { name: /^Select/ })).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)
})

test('a pickup sooner than the company’s notice is refused with its hours, beside the time', async ({
  page,
}, testInfo) => {
  const database = openServerDatabase(capacitySitePort(testInfo))
  database.prepare('update capacity_settings set minimum_notice_minutes = 360 where id = 1').run()
  database.close()
  // Three hours from now, on the quarter hour, in Istanbul: inside six hours' notice.
  const { day, time } = istanbulQuarterHourIn(3 * 60)
  await showsWithinRulesRefresh(page, `${capacitySiteUrl(testInfo)}${search(day, time)}`, () =>
    expect(page.locator('#search-error')).toHaveText(
      'Please book at least 6 hours before your pickup time. For an earlier ride, call us.',
      { timeout: 1_000 },
    ),
  )
  await expect(page.getByRole('button', { name: /^Select/ })).toHaveCount(0)
})

test('a dispatcher allows a ride over capacity: it sells, and the board shows why in red', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // A refused form, a booking paid through the simulator and the board, on CI's two busy cores.
  test.slow()
  const port = capacitySitePort(testInfo)
  const site = capacitySiteUrl(testInfo)
  const project = testInfo.project.name === 'no-js' ? 'N' : 'J'
  // A retry finds the first attempt's allowance and booking: it takes the next day.
  const day = istanbulDateIn(15 + testInfo.retry)
  // The one Eco Minibus is in service all evening: the class is full at 18:00.
  const fleet = fleetWith(port, { ECOMNBS: `34 CX ${project}1` })
  fleet.block('ECOMNBS', day, '16:00', '23:00')
  fleet.close()
  const minibus = page.locator('.offer').filter({ hasText: 'Eco Minibus' })
  await showsWithinRulesRefresh(page, `${site}${search(day, '18:00')}`, () =>
    expect(minibus).toContainText('Fully booked at 18:00', { timeout: 1_000 }),
  )

  // Dispatch allows one more Eco Minibus ride from 17:00 until 19:00, saying why.
  const dispatcher = newAccount(testInfo, 'dispatcher', 'allow', port)
  await page.goto(`${site}/ops/sign-in`)
  await signIn(page, dispatcher.email, dispatcher.password)
  await expect(page).toHaveURL(/\/ops$/)
  await page.goto(`${site}/ops/capacity`)
  const allow = page.getByRole('form', { name: 'Allow rides over capacity' })
  await allow.getByLabel('Vehicle class').selectOption({ label: 'Eco Minibus' })
  await allow.getByLabel('From: day').fill(day)
  await allow.getByLabel('From: time').selectOption('17:00')
  await allow.getByLabel('Until: day').fill(day)
  await allow.getByLabel('Until: time').selectOption('19:00')
  await allow.getByLabel('How many more rides').fill('1')
  await allow.getByRole('button', { name: 'Allow these rides' }).click()
  // The reason is required: refused beside it, the rest kept.
  await expect(allow.getByLabel('Why')).toHaveAccessibleDescription(
    /Say why: where the car comes from, or whom it is for\.$/,
  )
  await expect(page).toHaveTitle(/^Error: Capacity/)
  await expect(allow.getByLabel('From: time')).toHaveValue('17:00')
  await allow.getByLabel('Why').fill('Minibus hired from Boğaziçi Tur')
  await allow.getByRole('button', { name: 'Allow these rides' }).click()
  await expect(page.getByRole('status')).toHaveText(/^Rides allowed over capacity/)
  const allowed = page
    .getByRole('table', { name: 'Rides allowed over capacity, not yet over' })
    .getByRole('row')
    .filter({ hasText: 'Eco Minibus' })
  await expect(allowed).toContainText('Minibus hired from Boğaziçi Tur (E2E allow)')
  await expectNoAxeViolations(page, testInfo)

  // A traveller books it at 18:00 as usual.
  await showsWithinRulesRefresh(page, `${site}${search(day, '18:00')}`, () =>
    expect(minibus.getByRole('button', { name: 'Select Eco Minibus' })).toBeVisible({
      timeout: 1_000,
    }),
  )
  await minibus.getByRole('button', { name: 'Select Eco Minibus' }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await fillStepsToBookNow(page, { paymentOption: 'fullCard' })
  await page.getByRole('button', { name: 'Book Now' }).click()
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  const reference = await receivedReference(page)

  // The board flags it: no car of the company's own, sold over capacity on purpose.
  await page.goto(`${site}/ops?day=${day}`)
  const row = page.getByRole('row').filter({ hasText: reference })
  await expect(row).toContainText('No car free in the fleet')
  await expect(row).toContainText(
    'Sold over capacity on purpose by E2E allow: Minibus hired from Boğaziçi Tur',
  )
  await expect(row).toHaveClass(/ops-row--problem/)
  // Nothing more is sold on it: the next one at 18:30 is full again.
  await page.goto(`${site}${search(day, '18:30')}`)
  await expect(minibus).toContainText('Fully booked at 18:30')

  // Only those who keep the fleet allow rides: a driver's POST is refused, a stranger's
  // is sent to sign in, and nothing is added.
  const allowMore = {
    intent: 'addAllowance',
    vehicleClass: 'ECOMNBS',
    fromDate: day,
    fromTime: '20:00',
    untilDate: day,
    untilTime: '22:00',
    extraRides: '5',
    reason: 'Forged',
  }
  const driverAccount = newAccount(testInfo, 'driver', 'allow-driver', port)
  const driverContext = await browser.newContext()
  const driver = await driverContext.newPage()
  await driver.goto(`${site}/ops/sign-in`)
  await signIn(driver, driverAccount.email, driverAccount.password)
  await expect(driver).toHaveURL(/\/ops\/jobs$/)
  const byDriver = await driver.request.post(`${site}/ops/capacity`, {
    form: allowMore,
    headers: { Origin: site },
  })
  expect(byDriver.status()).toBe(403)
  await driverContext.close()
  const byStranger = await request.post(`${site}/ops/capacity`, {
    form: allowMore,
    headers: { Origin: site },
    maxRedirects: 0,
  })
  expect(byStranger.status()).toBe(302)
  const stored = openServerDatabase(port)
  try {
    expect(
      stored
        .prepare("select count(*) as count from capacity_allowances where reason = 'Forged'")
        .get(),
    ).toEqual({ count: 0 })
  } finally {
    stored.close()
  }
})
