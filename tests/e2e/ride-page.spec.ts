import { expect, test, type Browser, type Page } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn, openIn, watchConsole } from './helpers'
import { openServerDatabase } from './database'
import { assignNewDriver, boardPassenger, newAccount } from './staff-helpers'
import {
  istanbulPickupIn,
  mailsWith,
  payBookingOverHttp,
  payOnSimulatorOverHttp,
  returnFromPayment,
  signedLinkIn,
} from './traveller-helpers'
import { windowHours } from './rule-texts'

/**
 * The traveller follows their ride, with JavaScript and without, in English
 * and Turkish, axe on every page: under 24 hours before pickup the cancel
 * page refuses with the terms and the ways to reach the company; staff give
 * the booking a driver and a car, and the driver marks each step. With
 * JavaScript the page updates itself (its polling); without, its Refresh
 * link does. A link whose booking's pickup is long past opens nothing.
 */

async function signedIn(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
) {
  // Staff pages work without JavaScript alike; they are not what this spec follows.
  const page = await (await browser.newContext({ baseURL })).newPage()
  await page.goto('/ops/sign-in')
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  return page
}

/** What the ride shows now: after a poll with JavaScript, after Refresh without. */
async function expectRide(traveller: Page, js: boolean, shows: RegExp | string) {
  const ride = traveller.getByRole('region', { name: /^(Your ride|Yolculuğunuz)$/ })
  if (!js) await ride.getByRole('link', { name: /^(Refresh the status|Durumu yenileyin)$/ }).click()
  // With JavaScript the page asks every 20 seconds while visible, and at once when the tab
  // comes back into view: the traveller switching back to it is what this stands for.
  else await traveller.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(ride).toContainText(shows)
  return ride
}

test('follow a ride as staff assign a driver and the driver marks each step; no cancelling under 24 hours', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000)
  const js = testInfo.project.name === 'js'
  // About four hours from now: under 24 hours before pickup, whatever the hour.
  const pickup = istanbulPickupIn(js ? 4 : 4.5)
  const reference = await payBookingOverHttp(page.request, pickup)
  // No hydration mismatch, no refused script, no failed poll.
  const consoleErrors = watchConsole(page)
  await page.goto('/booking-received')

  // Under 24 hours: no change or cancellation online; the cancel page says why, with the terms.
  const manage = page.getByRole('region', { name: 'Change or cancel' })
  await expect(manage).toContainText(`Pickup is less than ${windowHours} hours away`)
  await expect(manage.getByRole('link', { name: 'Cancel booking' })).toHaveCount(0)
  await manage.getByRole('link', { name: 'Cancelling now: what the terms say' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This booking can no longer be cancelled online',
  )
  const terms = page.getByRole('region', {
    name: `Less than ${windowHours} hours before pickup, no refund is due`,
  })
  await expect(terms.locator('blockquote')).toContainText(
    `If you cancel less than ${windowHours} hours before the pickup time, no refund is given.`,
  )
  await expect(terms.getByRole('link', { name: '+90 212 555 01 00' })).toHaveAttribute(
    'href',
    /^tel:/,
  )
  await expect(terms.getByRole('link', { name: 'Write to us on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\//,
  )
  await expect(terms.getByRole('link', { name: 'reservations@marmarachauffeur.com' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Cancel the booking/ })).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)
  // A cancel posted anyway (an old tab) is refused and changes nothing.
  const forced = await page.request.post('/booking-cancel', { form: {}, maxRedirects: 0 })
  expect(forced.status()).toBe(409)
  await openIn(page, '/booking-cancel', 'tr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Bu rezervasyon artık çevrim içi iptal edilemez',
  )
  await expect(page.locator('blockquote')).toContainText(
    `Alış saatine ${windowHours} saatten az kala yapılan iptallerde iade yapılmaz.`,
  )
  await expectNoAxeViolations(page, testInfo)
  await openIn(page, '/booking-received', 'en')
  const ride = page.getByRole('region', { name: 'Your ride', exact: true })
  await expect(ride).toContainText('Now: Booking confirmed')
  await expect(ride).toContainText("We show your driver's name")

  // An admin adds a driver (with the driver's own sign-in) and a car, and assigns them.
  const admin = newAccount(testInfo, 'admin', 'ride-admin')
  const driverAccount = newAccount(testInfo, 'driver', 'ride-driver')
  const driverName = js ? 'Kerem Aydın' : 'Selim Koç'
  const plate = js ? '34 RP 201' : '34 RP 202'
  const office = await signedIn(browser, baseURL!, admin)
  await assignNewDriver(office, reference, {
    name: driverName,
    phone: '+90 533 111 22 33',
    plate,
    signInLabel: `E2E ride-driver (${driverAccount.email})`,
  })
  await office.context().close()

  // The traveller sees who comes. With JavaScript the page asks by itself (every 20 seconds).
  if (js) {
    await expect(ride).toContainText(driverName, { timeout: 35_000 })
  } else {
    await ride.getByRole('link', { name: 'Refresh the status' }).click()
  }
  await expect(ride.getByRole('link', { name: '+90 533 111 22 33' })).toHaveAttribute(
    'href',
    'tel:+905331112233',
  )
  await expect(ride.getByRole('link', { name: 'WhatsApp your driver' })).toHaveAttribute(
    'href',
    'https://wa.me/905331112233',
  )
  await expect(ride).toContainText('Mercedes-Benz Vito, Black')
  await expect(ride).toContainText(plate)
  await expect(ride).toContainText('Now: Driver assigned')
  await expectNoAxeViolations(page, testInfo)

  // The traveller's pickup code, to say at the kerb; nobody's job card shows it.
  const meet = page.getByRole('region', { name: 'Where you meet your driver' })
  await expect(meet).toContainText('Only get into a car whose driver knows your code.')
  const code = (await meet.locator('.pickup-code__value').textContent())!.trim()
  expect(code).toMatch(/^\d{4}$/)

  // The driver marks each step; the traveller's page follows.
  const driver = await signedIn(browser, baseURL!, driverAccount)
  await expect(driver).toHaveURL(/\/ops\/jobs$/)
  const job = driver.getByRole('listitem').filter({ hasText: reference })
  await expect(job).not.toContainText(code)
  // The driver's card offers the traveller's number and a WhatsApp chat.
  await expect(job.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+$/,
  )
  for (const [button, step] of [
    ['I am on my way', 'Driver on the way'],
    ['I have arrived', 'Driver has arrived'],
  ] as const) {
    await job.getByRole('button', { name: button }).click()
    await expect(job.getByRole('button', { name: button })).toHaveCount(0)
    await expectRide(page, js, `Now: ${step}`)
  }
  // A wrong code is refused beside its field, and the ride does not start.
  const wrong = code === '0000' ? '1111' : '0000'
  await boardPassenger(job, wrong)
  const codeField = job.getByLabel('Passenger’s pickup code')
  await expect(codeField).toHaveAttribute('aria-invalid', 'true')
  await expect(codeField).toHaveAccessibleDescription(/That is not this booking’s pickup code/)
  await expect(job).toContainText('Status: Arrived')
  await expectNoAxeViolations(driver, testInfo)
  await boardPassenger(job, code)
  await expect(job).toContainText('Status: Passenger on board')
  await expectRide(page, js, 'Now: Passenger on board')
  // Once on board, the code has done its work and leaves the traveller's page.
  await expect(meet.locator('.pickup-code__value')).toHaveCount(0)
  await job.getByRole('button', { name: 'Ride completed' }).click()
  await expect(driver.getByRole('listitem').filter({ hasText: reference })).toHaveCount(0)
  await driver.context().close()
  await expectRide(page, js, 'Now: Ride completed')
  // After the ride neither side keeps the other's number.
  await expect(ride.getByRole('link', { name: '+90 533 111 22 33' })).toHaveCount(0)
  await expect(ride.getByRole('link', { name: 'WhatsApp your driver' })).toHaveCount(0)
  // Every step has its time; a ride that ended asks for nothing more.
  for (const step of [
    'Driver assigned',
    'Driver on the way',
    'Driver has arrived',
    'Ride completed',
  ]) {
    await expect(ride.getByRole('listitem').filter({ hasText: step })).toContainText(/\d{2}:\d{2}/)
  }
  await expect(ride.getByRole('link', { name: 'Refresh the status' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Change or cancel' })).toContainText(
    'Your ride has started or is over',
  )
  await expectNoAxeViolations(page, testInfo)
  await openIn(page, '/booking-received', 'tr')
  await expect(page.getByRole('region', { name: 'Yolculuğunuz', exact: true })).toContainText(
    'Şu an: Yolculuk tamamlandı',
  )
  await expectNoAxeViolations(page, testInfo)
  expect(consoleErrors).toEqual([])
})

test('a link to a booking picked up more than 30 days ago opens nothing', async ({
  page,
}, testInfo) => {
  const reference = await payBookingOverHttp(page.request, {
    date: istanbulDateIn(2),
    time: testInfo.project.name === 'js' ? '11:00' : '11:15',
  })
  expect((await page.goto('/booking-received'))?.status()).toBe(200)
  // The booking's pickup moved into the past, as if its ride were 40 days ago.
  const database = openServerDatabase()
  try {
    database
      .prepare('update bookings set trip_date = ? where reference = ?')
      .run(istanbulDateIn(-40), reference)
  } finally {
    database.close()
  }
  const response = await page.goto('/booking-received')
  expect(response?.status()).toBe(404)
  await expect(page.locator('main')).not.toContainText(reference)
  expect((await page.request.get('/booking-status')).status()).toBe(404)
})

for (const language of ['en', 'tr'] as const) {
  test(`the ride page greets the traveller once, on the return from paying (${language})`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const texts = {
      en: {
        paid: 'Your order was submitted successfully!',
        status: 'Your ride: Booking confirmed',
      },
      tr: {
        paid: 'Rezervasyonunuz başarıyla alındı!',
        status: 'Yolculuğunuz: Rezervasyon onaylandı',
      },
    }[language]
    const heading = (on = page) => on.getByRole('heading', { level: 1 })
    // Each project and language its own pickup, days ahead: no other test's booking.
    const pickup = istanbulPickupIn(
      24 * 5 + (language === 'tr' ? 2 : 0) + (testInfo.project.name === 'js' ? 0 : 1),
    )
    const token = await payOnSimulatorOverHttp(page.request, { ...pickup, language })
    // The provider's return lands the browser on the ride page: the one view that greets.
    expect(await returnFromPayment(page.request, token)).toBe('/booking-received')
    await openIn(page, '/booking-received', language)
    await expect(heading()).toHaveText(texts.paid)
    const reference = /MC-[A-Z0-9]{6}/.exec((await page.locator('main').textContent()) ?? '')![0]

    // Opened again, the page opens with where the ride stands.
    await page.reload()
    await expect(heading()).toHaveText(texts.status)
    await openIn(page, '/booking-received', language)
    await expect(heading()).toHaveText(texts.status)

    // The e-mail's link, in another browser: the status too.
    const [mail] = await mailsWith([reference, '.ics'], 1)
    const elsewhere = await (await browser.newContext({ baseURL })).newPage()
    await openIn(elsewhere, signedLinkIn(mail!), language)
    await expect(heading(elsewhere)).toHaveText(texts.status)
    await elsewhere.context().close()

    // Days later the provider's return is replayed (a bookmark, a resent callback): the
    // booking was paid long ago, so the page still opens with its status.
    const database = openServerDatabase()
    try {
      database
        .prepare('update bookings set confirmed_at = ? where reference = ?')
        .run(new Date(Date.now() - 3 * 86_400_000).toISOString(), reference)
    } finally {
      database.close()
    }
    expect(await returnFromPayment(page.request, token)).toBe('/booking-received')
    await openIn(page, '/booking-received', language)
    await expect(heading()).toHaveText(texts.status)
  })
}
