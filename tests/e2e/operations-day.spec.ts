import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import { bookAndPay, receivedReference, tripTime } from './booking-helpers'
import { mailsWith, paidToken, pickupCodeOf } from './database'
import { boardPassenger, staffCommand } from './staff-helpers'

/**
 * A working day at the office, as one journey, with JavaScript and without.
 * The admin (made on the command line, working in English) sets up the desk:
 * a dispatcher and two drivers in the staff console, the drivers' records and
 * a car. Travellers book and pay; the operations mailbox hears of it. The
 * dispatcher (working in Turkish) finds the bookings on the board, gives both
 * to one driver and is warned of the clash, then cancels the second booking
 * more than 24 hours ahead: refunded at the simulator and e-mailed. The other
 * driver, on a phone, sees no job, may not mark one that is not theirs nor
 * open a dispatcher's page; the booking's driver sees only their job and
 * marks each step of the ride. axe runs on every staff page on the way.
 * (The sign-in lockout has its own test in ops.spec.ts: failed sign-ins also
 * count against the one address every test here comes from.)
 */

const day = istanbulDateIn(4)

interface Account {
  email: string
  password: string
  name: string
}

function account(testInfo: TestInfo, label: string): Account {
  const stamp = `${testInfo.project.name}-${Date.now()}`
  return {
    email: `${label}-${stamp}@example.com`,
    password: `${label} passphrase ${stamp}`,
    name: `${label[0]!.toUpperCase()}${label.slice(1)} ${testInfo.project.name}`,
  }
}

async function signIn(page: Page, who: Account, language: 'en' | 'tr' = 'en') {
  await page.goto('/ops/sign-in')
  const words =
    language === 'tr' ? ['E-posta', 'Şifre', 'Giriş yapın'] : ['E-mail', 'Password', 'Sign in']
  await page.getByLabel(words[0]!).fill(who.email)
  await page.getByLabel(words[1]!).fill(who.password)
  await page.getByRole('button', { name: words[2]! }).click()
}

async function signOut(page: Page, language: 'en' | 'tr' = 'en') {
  await page.getByRole('button', { name: language === 'tr' ? 'Çıkış yapın' : 'Sign out' }).click()
  await expect(page).toHaveURL(/\/ops\/sign-in\?signedOut=1$/)
}

/** Books the trip on `day` at `time` and pays it in full; returns its reference. */
async function paidBooking(page: Page, time: string, testInfo: TestInfo): Promise<string> {
  await bookAndPay(page, time, testInfo, { day })
  return receivedReference(page)
}

test('a day at the office: set up, book, dispatch, cancel and drive', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(360_000)
  const js = testInfo.project.name === 'js'
  const admin = account(testInfo, 'admin')
  const dispatcher = account(testInfo, 'dispatcher')
  const driverA = account(testInfo, 'driver')
  const driverB = account(testInfo, 'relief')
  const plate = js ? '34 OD 501' : '34 OD 502'

  // The first admin is made on the command line, the password on standard input.
  expect(
    staffCommand(
      ['add', '--email', admin.email, '--name', admin.name, '--role', 'admin'],
      admin.password,
    ),
  ).toContain(`added admin ${admin.email}`)

  // The admin adds the dispatcher and both drivers in the staff console.
  await signIn(page, admin)
  await expect(page).toHaveURL(/\/ops$/)
  await page.goto('/ops/staff')
  const staffForm = page.getByRole('form', { name: 'Add a staff account' })
  for (const [who, role] of [
    [dispatcher, 'dispatcher'],
    [driverA, 'driver'],
    [driverB, 'driver'],
  ] as const) {
    await staffForm.getByLabel('Full name').fill(who.name)
    await staffForm.getByLabel('E-mail').fill(who.email)
    await staffForm.getByLabel('Role').selectOption(role)
    await staffForm.getByLabel('Password').fill(who.password)
    await staffForm.getByRole('button', { name: 'Add account' }).click()
    await expect(page.getByRole('status')).toHaveText(`${who.email} is added and can sign in now.`)
  }
  await expectNoAxeViolations(page, testInfo)

  // Each driver's record, linked to their sign-in, and the car.
  await page.goto('/ops/drivers')
  const driverForm = page.getByRole('form', { name: 'Add a driver' })
  for (const [who, phone] of [
    [driverA, '+90 532 700 00 01'],
    [driverB, '+90 532 700 00 02'],
  ] as const) {
    await driverForm.getByLabel('Name').fill(who.name)
    await driverForm.getByLabel('Phone').fill(phone)
    await driverForm.getByLabel('Languages spoken').fill('Turkish, English')
    await driverForm.getByLabel('Driving licence number').fill(`L-${who.email.slice(0, 12)}`)
    await driverForm
      .getByLabel('Driver sign-in')
      .selectOption({ label: `${who.name} (${who.email})` })
    await driverForm.getByRole('button', { name: 'Add driver' }).click()
    await expect(page.getByRole('status')).toHaveText(`Driver ${who.name} added.`)
  }
  await expectNoAxeViolations(page, testInfo)
  await page.goto('/ops/vehicles')
  const vehicleForm = page.getByRole('form', { name: 'Add a vehicle' })
  await vehicleForm.getByLabel('Vehicle class').selectOption({ label: 'Business Luxury Minivan' })
  await vehicleForm.getByLabel('Make and model').fill('Mercedes-Benz V-Class')
  await vehicleForm.getByLabel('Plate').fill(plate)
  await vehicleForm.getByLabel(/^Colour/).fill('Black')
  await vehicleForm.getByLabel('Passenger seats').fill('6')
  await vehicleForm.getByLabel('Suitcases').fill('6')
  await vehicleForm.getByRole('button', { name: 'Add vehicle' }).click()
  await expect(page.getByRole('status')).toHaveText(`Vehicle ${plate} added.`)
  await expectNoAxeViolations(page, testInfo)
  await signOut(page)

  // Travellers book and pay two trips half an hour apart on the same day.
  const first = await paidBooking(page, tripTime(testInfo, 24), testInfo)
  const second = await paidBooking(page, tripTime(testInfo, 25), testInfo)
  // The operations mailbox hears of each, with a link to the booking's staff page.
  for (const reference of [first, second]) {
    const [notice] = await mailsWith([`New confirmed booking ${reference}`], 1)
    expect(notice).toMatch(/^To: reservations@marmarachauffeur\.com$/m)
    expect(notice).toContain(`/ops/bookings/${reference}`)
  }

  // The dispatcher works in Turkish (their browser asks for it), at their own desk.
  const desk = await browser.newContext({
    locale: 'tr-TR',
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  })
  const deskPage = await desk.newPage()
  await dispatch(deskPage)
  await desk.close()
  // The simulator holds the refund of the second booking's payment.
  await page.goto(`/payment-simulator/${paidToken(second)}`)
  await expect(page.getByText(/refunded \(refund SR\d+/)).toBeVisible()

  /** The dispatcher's part of the day, in Turkish. */
  async function dispatch(page: Page) {
    await signIn(page, dispatcher, 'tr')
    await expect(page).toHaveURL(/\/ops$/)
    await page.goto(`/ops?day=${day}`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
    for (const reference of [first, second]) {
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) })
      await expect(row).toContainText('Sürücü atanmalı')
    }
    await expectNoAxeViolations(page, testInfo)

    const vehicleOption = `${plate}: Mercedes-Benz V-Class, VIP Minivan, 6 koltuk, 6 bavul`
    async function assign(reference: string) {
      await page.goto(`/ops/bookings/${reference}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `${reference} numaralı rezervasyon`,
      )
      await page.getByRole('link', { name: 'Sürücü ve araç atayın' }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `${reference} için sürücü ve araç`,
      )
      await page
        .getByLabel('Sürücü', { exact: true })
        .selectOption({ label: `${driverA.name} (Turkish, English)` })
      await page.getByLabel('Araç', { exact: true }).selectOption({ label: vehicleOption })
      await page.getByRole('button', { name: 'Atayın', exact: true }).click()
    }
    await assign(first)
    await expect(page).toHaveURL(new RegExp(`/ops/bookings/${first}\\?dispatch=assigned$`))
    await expect(page.getByRole('status')).toContainText('Sürücü ve araç atandı.')
    await expectNoAxeViolations(page, testInfo)

    // The same driver and car half an hour later: a clash, shown before anything is saved.
    await assign(second)
    const warnings = page.getByRole('alert').filter({ hasText: 'Atamadan önce kontrol edin' })
    await expect(warnings).toContainText(`${first} rezervasyonunda görevli`)
    await expectNoAxeViolations(page, testInfo)
    await page.getByRole('button', { name: 'Yine de atayın' }).click()
    await expect(page).toHaveURL(new RegExp(`/ops/bookings/${second}\\?dispatch=assigned$`))
    await expect(page.getByRole('region', { name: 'Personel işlemleri' })).toContainText(
      `Sürücü çakışan bir saatte ${first} yolculuğunu da yapıyor.`,
    )

    // The first traveller's e-mail names the driver, their phone and the car.
    const [driverMail] = await mailsWith([first, driverA.name, plate, '+90 532 700 00 01'], 1)
    expect(driverMail).toMatch(/^To: ayse@example\.com$/m)

    // The second booking is cancelled four days ahead: a full refund by the terms.
    await page.goto(`/ops/bookings/${second}/cancel`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${second} numaralı rezervasyonu iptal et`,
    )
    await expect(page.getByLabel(/^Kartla ödenen tutarı iade et/)).toBeChecked()
    await expectNoAxeViolations(page, testInfo)
    await page.getByLabel('İptal gerekçesi').fill('Yolcu planını değiştirdi')
    await page.getByRole('button', { name: 'Rezervasyonu iptal et' }).click()
    await expect(page).toHaveURL(new RegExp(`/ops/bookings/${second}\\?done=cancelled-succeeded$`))
    await expect(page.getByRole('status')).toHaveText(
      'Rezervasyon iptal edildi ve ödenen tutar iade edildi.',
    )
    await expectNoAxeViolations(page, testInfo)
    const [cancelMail] = await mailsWith([`Your booking ${second} has been cancelled.`], 1)
    expect(cancelMail).toMatch(/We are refunding [^\n]*\d[^\n]* to the card you paid with/)
    await page.goto('/ops')
    await signOut(page, 'tr')
  }

  // The relief driver, on a phone: no job of theirs, and nothing else is theirs.
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, driverB)
  await expect(page).toHaveURL(/\/ops\/jobs$/)
  await expect(page.getByText('No jobs are assigned to you from today on.')).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  const notTheirs = await page.request.post('/ops/jobs', {
    form: { reference: first, step: 'on_the_way' },
    maxRedirects: 0,
  })
  expect(notTheirs.status()).toBe(403)
  for (const path of [`/ops/bookings/${first}`, `/ops/bookings/${first}/assign`, '/ops/drivers']) {
    const refused = await page.goto(path)
    expect(refused?.status(), path).toBe(403)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not for your role')
  }
  await expectNoAxeViolations(page, testInfo)
  await page.goto('/ops/jobs')
  await signOut(page)

  // The booking's driver sees that job alone (the cancelled one is gone) and drives it.
  await signIn(page, driverA)
  await expect(page).toHaveURL(/\/ops\/jobs$/)
  const jobs = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: /MC-[A-Z0-9]{6}/ })
  await expect(jobs).toHaveCount(1)
  const job = jobs.filter({ hasText: first })
  await expect(job).toContainText('Status: Confirmed')
  await expectNoAxeViolations(page, testInfo)
  for (const [step, status] of [
    ['I am on my way', 'On the way'],
    ['I have arrived', 'Arrived'],
  ] as const) {
    await job.getByRole('button', { name: step }).click()
    await expect(job).toContainText(`Status: ${status}`)
  }
  // The traveller says their pickup code; the ride starts with it.
  await boardPassenger(job, pickupCodeOf(first))
  await expect(job).toContainText('Status: Passenger on board')
  await job.getByRole('button', { name: 'Ride completed' }).click()
  await expect(jobs).toHaveCount(0)
  await signOut(page)
})
