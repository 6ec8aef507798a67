import { expect, test, type Browser, type Page } from '@playwright/test'
import { fillPassengerIdentity } from './booking-helpers'
import { expectNoAxeViolations } from './helpers'
import { assignNewDriver, newAccount, signIn } from './staff-helpers'
import { istanbulPickupIn, payBookingOverHttp } from './traveller-helpers'
import { fakeUetdsUrl, providersSitePort, runProvidersMaintenance } from './compliance-settings'
import { fakeAeroApiUrl } from './flights-settings'
import { fakeFlight, sabihaGokcenAirport } from '../support/aeroapi-fake-server'
import { pickupInstant } from '../../app/domain/trip-search'

/**
 * The Ministry's passenger lists from the office's side. Without a U-ETDS
 * account (the default site) the board and /ops/compliance say "file by
 * hand", the ride's manifest and the day's CSV hold what the portal asks,
 * and the reference the portal gave is recorded; with one (the copy with
 * outside providers, against the local stand-in) the list is sent and its
 * trip document kept for the driver. Documents are the office's alone.
 */

async function staffPage(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
  js: boolean,
) {
  const page = await (await browser.newContext({ baseURL, javaScriptEnabled: js })).newPage()
  await page.goto('/ops/sign-in')
  await signIn(page, account.email, account.password)
  await expect(page).not.toHaveURL(/sign-in/)
  return page
}

/** The traveller names both passengers and gives their documents on the received page. */
async function givePassengers(page: Page) {
  await page.goto('/booking-received')
  // The party is two: the second passenger's row is added as the traveller would.
  if (!(await page.getByLabel('Passenger 2: first name').isVisible())) {
    await page.getByRole('button', { name: '+ Add Passenger' }).click()
  }
  await page.getByLabel('Passenger 1: first name').fill('Ayşe')
  await page.getByLabel('Passenger 1: last name').fill('Yılmaz')
  await page.getByLabel('Passenger 2: first name').fill('Hans')
  await page.getByLabel('Passenger 2: last name').fill('Müller')
  await fillPassengerIdentity(page, 1, { nationality: 'Türkiye', document: '19191919190' })
  await fillPassengerIdentity(page, 2)
  await page.getByRole('button', { name: 'Complete Reservation' }).click()
  await expect(page.getByText('Your reservation has been successfully completed!')).toBeVisible()
}

/**
 * A paid booking on the copy with outside providers, whose passenger step
 * checks the arriving flight: the flight lands 40 minutes before the pickup.
 */
async function payOnProvidersCopy(browser: Browser, number: string, hours: number) {
  const traveller = await (
    await browser.newContext({ baseURL: `http://localhost:${providersSitePort}` })
  ).newPage()
  const when = istanbulPickupIn(hours)
  const landing = pickupInstant(when.date, when.time).getTime() - 40 * 60_000
  await traveller.request.post(`${fakeAeroApiUrl}/__fake/flights`, {
    data: [
      fakeFlight(new Date(landing - 235 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'), {
        ident_icao: `THY${number}`,
        ident_iata: `TK${number}`,
        destination: sabihaGokcenAirport,
      }),
    ],
  })
  const reference = await payBookingOverHttp(traveller.request, {
    ...when,
    flightNumber: `TK${number}`,
  })
  return { traveller, reference }
}

test('without an account, the office files a list by hand from its manifest and records it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000)
  const js = testInfo.project.name === 'js'
  const reference = await payBookingOverHttp(page.request, istanbulPickupIn(js ? 7 : 7.5))
  await givePassengers(page)
  // Without Paraşüt the invoice page says what it is not.
  await page.goto('/invoice')
  await expect(page.locator('.invoice__official')).toHaveText(
    /^This page summarises your payment; it is not an e-Arşiv invoice\. For the official invoice, write to \S+@\S+\.$/,
  )
  const admin = newAccount(testInfo, 'admin', 'list-admin')
  const driverAccount = newAccount(testInfo, 'driver', 'list-driver')
  const office = await staffPage(browser, baseURL!, admin, js)
  const plate = js ? '34 UE 701' : '34 UE 702'
  await assignNewDriver(office, reference, {
    name: js ? 'Cem Aksoy' : 'Sinan Er',
    phone: '+90 533 444 55 66',
    plate,
    signInLabel: `E2E list-driver (${driverAccount.email})`,
    identityNumber: '10000000146',
    sex: 'Male',
  })

  // The board says what to do; so does the page of obligations, with the manifest.
  await office.goto(`/ops?q=${reference}`)
  const row = office.getByRole('row').filter({ hasText: reference })
  await expect(row).toContainText('Passenger list: file by hand in the U-ETDS portal.')
  await office.goto('/ops/compliance')
  await expect(office.getByRole('heading', { name: 'Obligations', level: 1 })).toBeVisible()
  const listed = office.getByRole('row').filter({ hasText: reference })
  await expect(listed).toContainText('Passenger list: file by hand in the U-ETDS portal.')
  await expectNoAxeViolations(office, testInfo)

  // The day's CSV: a row per passenger, in the portal's order, the documents in it.
  const csvLink = office.getByRole('link', { name: /^Passenger lists of / }).first()
  const csv = await (await office.request.get((await csvLink.getAttribute('href'))!)).text()
  const lines = csv.split('\r\n').filter((line) => line.includes(reference))
  expect(csv.split('\r\n')[0]).toMatch(/^Firma Sefer No,Araç Plaka,Hareket Tarihi,Hareket Saati,/)
  expect(lines).toHaveLength(2)
  expect(lines[0]).toContain(`${plate.replaceAll(' ', '')}`)
  expect(lines[0]).toContain(',TR,19191919190,Ayşe,Yılmaz,')
  expect(lines[1]).toContain(',DE,C01X00T47,Hans,Müller,')
  expect(lines[0]).toContain(
    ',0,TR,10000000146,E,Cem,Aksoy,'.replace('Cem,Aksoy', js ? 'Cem,Aksoy' : 'Sinan,Er'),
  )

  await listed.getByRole('link', { name: 'Manifest' }).click()
  await expect(
    office.getByRole('heading', { name: `Passenger list for ${reference}` }),
  ).toBeVisible()
  await expect(office.getByText('No U-ETDS account is set up')).toBeVisible()
  const passengers = office.getByRole('table', { name: /^Passengers/ })
  await expect(passengers).toContainText('T.C. 19191919190')
  await expect(passengers).toContainText('Passport C01X00T47')
  await expect(office.getByRole('table', { name: 'Crew' })).toContainText('10000000146')
  await expect(office.getByText('province / district 34 / 1835')).toBeVisible()
  await expectNoAxeViolations(office, testInfo)

  // The reference is asked, beside its field; then recorded, and the board has no more to say.
  const field = office.getByLabel('U-ETDS reference number')
  await field.fill('26 12 no')
  await office.getByRole('button', { name: 'Record as filed by hand' }).click()
  await expect(office.locator('.field__error, [id$="-error"]').first()).toContainText(
    'Use only letters, digits and dashes',
  )
  await expect(field).toHaveValue('26 12 no')
  await field.fill('26120300012345')
  await office.getByRole('button', { name: 'Record as filed by hand' }).click()
  await expect(office.getByRole('status')).toHaveText(
    'The reference of the list filed by hand is recorded.',
  )
  await expect(
    office.getByText('Passenger list filed by hand (reference 26120300012345).'),
  ).toBeVisible()
  await office.goto(`/ops?q=${reference}`)
  await expect(office.getByRole('row').filter({ hasText: reference })).not.toContainText(
    'Passenger list',
  )

  // Documents are the office's: a driver, even this ride's, and a stranger get none.
  const driver = await staffPage(browser, baseURL!, driverAccount, js)
  for (const path of [`/ops/bookings/${reference}/manifest`, '/ops/compliance/uetds.csv']) {
    expect((await driver.request.get(path, { maxRedirects: 0 })).status()).toBe(403)
    const stranger = await page.request.get(path, { maxRedirects: 0 })
    expect(stranger.status()).toBe(302)
  }
  await driver.goto('/ops/jobs')
  await expect(driver.getByRole('listitem').filter({ hasText: reference })).toContainText(
    'Passenger list filed by the office (reference 26120300012345).',
  )
})

test('an admin keeps the company’s details; a dispatcher reads them', async ({
  browser,
  baseURL,
}, testInfo) => {
  const js = testInfo.project.name === 'js'
  const admin = await staffPage(
    browser,
    baseURL!,
    newAccount(testInfo, 'admin', 'company-admin'),
    js,
  )
  await admin.goto('/ops/compliance')
  await admin.getByLabel(/^D2 licence number/).fill('D2-12345')
  await admin.getByLabel(/^Tax office/).fill('Beyoğlu')
  await admin.getByLabel(/^Tax number \(VKN\)/).fill('123')
  await admin.getByRole('button', { name: 'Save the company’s details' }).click()
  const vkn = admin.getByLabel(/^Tax number \(VKN\)/)
  await expect(vkn).toHaveAttribute('aria-invalid', 'true')
  await expect(vkn).toHaveAccessibleDescription(/Enter the company’s 10-digit tax number \(VKN\)/)
  await expect(admin.getByLabel(/^D2 licence number/)).toHaveValue('D2-12345')
  await admin.getByLabel(/^Tax number \(VKN\)/).fill('1234567890')
  await admin.getByRole('button', { name: 'Save the company’s details' }).click()
  await expect(admin.getByRole('status')).toHaveText('The company’s details are saved.')

  const dispatcher = await staffPage(
    browser,
    baseURL!,
    newAccount(testInfo, 'dispatcher', 'company-desk'),
    js,
  )
  await dispatcher.goto('/ops/compliance')
  await expect(dispatcher.getByRole('button', { name: 'Save the company’s details' })).toHaveCount(
    0,
  )
  await expect(dispatcher.getByText('D2-12345')).toBeVisible()
  const refused = await dispatcher.request.post('/ops/compliance', {
    form: { intent: 'company', licenceNumber: 'X', taxOffice: '', taxNumber: '' },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(403)
})

test('with U-ETDS, the office sends a list and the driver gets its trip document', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const js = testInfo.project.name === 'js'
  const site = `http://localhost:${providersSitePort}`
  const { traveller, reference } = await payOnProvidersCopy(
    browser,
    js ? '1991' : '1992',
    js ? 8 : 8.5,
  )
  await givePassengers(traveller)
  const admin = newAccount(testInfo, 'admin', 'uetds-admin', providersSitePort)
  const driverAccount = newAccount(testInfo, 'driver', 'uetds-driver', providersSitePort)
  const otherDriver = newAccount(testInfo, 'driver', 'uetds-other', providersSitePort)
  const office = await staffPage(browser, site, admin, js)
  const plate = js ? '34 UE 801' : '34 UE 802'
  // The stand-in takes only plates on the company's licence.
  await office.request.post(`${fakeUetdsUrl}/__fake/plates`, { data: [plate.replaceAll(' ', '')] })
  await assignNewDriver(office, reference, {
    name: js ? 'Tolga Ünal' : 'Emre Bal',
    phone: '+90 533 444 55 67',
    plate,
    signInLabel: `E2E uetds-driver (${driverAccount.email})`,
    identityNumber: '10000000146',
    sex: 'Male',
  })
  await office.goto(`/ops/bookings/${reference}/manifest`)
  // Complete now; the copy's own maintenance run (at start, then every 5 minutes) may
  // already have filed it, and sending it again then changes nothing.
  await expect(
    office.getByText(
      /^Passenger list (complete: the next run files it|filed with U-ETDS \(trip \d{14}\))\.$/,
    ),
  ).toBeVisible()
  await office.getByRole('button', { name: 'Send to U-ETDS now' }).click()
  await expect(office.getByRole('status')).toHaveText(
    'The list was sent to U-ETDS: its answer is below.',
  )
  await expect(
    office.getByText(/^Passenger list filed with U-ETDS \(trip \d{14}\)\.$/),
  ).toBeVisible()
  const answers = office.getByRole('table', { name: 'Answers from U-ETDS, newest first' })
  await expect(answers.getByRole('row')).toHaveCount(6)
  await expect(answers).toContainText('Passengers added')
  await expectNoAxeViolations(office, testInfo)
  const pdf = await office.request.get(`/ops/bookings/${reference}/uetds-document`)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // The ride's driver carries the document; another driver cannot fetch it.
  const driver = await staffPage(browser, site, driverAccount, js)
  await driver.goto('/ops/jobs')
  const job = driver.getByRole('listitem').filter({ hasText: reference })
  await expect(job).toContainText(/Passenger list filed with U-ETDS \(trip \d{14}\)\./)
  const link = job.getByRole('link', { name: 'Trip document (PDF)' })
  const ownDocument = await driver.request.get((await link.getAttribute('href'))!)
  expect(ownDocument.status()).toBe(200)
  const other = await staffPage(browser, site, otherDriver, js)
  const refused = await other.request.get(`/ops/bookings/${reference}/uetds-document`)
  expect(refused.status()).toBe(403)
})

test('with Paraşüt, the traveller’s invoice page gives the official e-Arşiv', async ({
  browser,
}, testInfo) => {
  const js = testInfo.project.name === 'js'
  const { traveller, reference } = await payOnProvidersCopy(
    browser,
    js ? '1993' : '1994',
    js ? 9 : 9.5,
  )
  await traveller.goto('/invoice')
  const official = traveller.locator('.invoice__official')
  await expect(official).toHaveText(
    /^(The official e-Arşiv invoice is being issued|The official invoice for this booking is an e-Arşiv invoice)/,
  )
  runProvidersMaintenance()
  await traveller.reload()
  await expect(official).toContainText(
    'The official invoice for this booking is an e-Arşiv invoice, issued through the tax office’s system.',
  )
  const link = official.getByRole('link', { name: 'Download the official invoice (PDF)' })
  const pdf = await traveller.request.get((await link.getAttribute('href'))!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await expectNoAxeViolations(traveller, testInfo)
  // Another browser, without the booking's cookie or link, gets nothing.
  const stranger = await (
    await browser.newContext({ baseURL: `http://localhost:${providersSitePort}` })
  ).newPage()
  expect((await stranger.request.get('/invoice-document')).status()).toBe(404)
  expect(reference).toMatch(/^MC-/)
})
