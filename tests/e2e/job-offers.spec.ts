import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import { bookAndPay, receivedReference } from './booking-helpers'
import { newAccount, signIn } from './staff-helpers'
import { decodeMail, mailsWith } from './database'

/**
 * A job offered to two drivers (docs/dispatch.md, "Offering a job"), with
 * JavaScript and without: dispatch gives each driver a usual car and a way to
 * hear of offers, sees them suggested on the board, offers the ride to both
 * with the pay; one driver, on a phone, accepts it; the other, whose page was
 * open all along, presses Accept too late and is told another driver took it.
 * Both projects share the server: drivers, cars and accounts are each
 * project's own, and the ride is on a day no other spec books.
 */

const rideDay = () => istanbulDateIn(17)

async function freshPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    viewport: { width: 390, height: 844 },
  })
  return context.newPage()
}

async function signInAt(page: Page, account: { email: string; password: string }) {
  await page.goto('/ops/sign-in')
  await signIn(page, account.email, account.password)
}

async function addCar(page: Page, plate: string) {
  await page.goto('/ops/vehicles')
  const form = page.getByRole('form', { name: 'Add a vehicle' })
  await form.getByLabel('Vehicle class').selectOption({ label: 'Business Luxury Minivan' })
  await form.getByLabel('Make and model').fill('Mercedes-Benz Vito')
  await form.getByLabel('Plate').fill(plate)
  await form.getByLabel(/^Colour/).fill('Black')
  await form.getByLabel('Passenger seats').fill('6')
  await form.getByLabel('Suitcases').fill('6')
  await form.getByRole('button', { name: 'Add vehicle' }).click()
  await expect(page.getByRole('status')).toHaveText(`Vehicle ${plate} added.`)
}

async function addDriver(
  page: Page,
  driver: { name: string; email: string; plate: string; channel: string },
) {
  await page.goto('/ops/drivers')
  const form = page.getByRole('form', { name: 'Add a driver' })
  await form.getByLabel('Name').fill(driver.name)
  await form.getByLabel('Phone').fill('+90 532 000 66 77')
  await form.getByLabel('Languages spoken').fill('Turkish, English')
  await form.getByLabel('Driving licence number').fill(`OF-${driver.name}`)
  await form
    .getByLabel('Driver sign-in')
    .selectOption({ label: `E2E ${driver.name.split(' ')[0]} (${driver.email})` })
  await form.getByLabel('How they hear of offered jobs').selectOption({ label: driver.channel })
  await form.getByLabel('Usual car').selectOption({ label: `Mercedes-Benz Vito (${driver.plate})` })
  await form.getByRole('button', { name: 'Add driver' }).click()
  await expect(page.getByRole('status')).toHaveText(`Driver ${driver.name} added.`)
}

test('dispatch offers a ride to two drivers; the first to accept on a phone gets it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const project = testInfo.project.name
  const day = rideDay()
  await bookAndPay(page, '11:00', testInfo, { day })
  const reference = await receivedReference(page)

  const office = newAccount(testInfo, 'dispatcher', 'offerdesk')
  const first = {
    ...newAccount(testInfo, 'driver', `offerfirst${project}`),
    plate: `34 OF ${project === 'js' ? 11 : 12}`,
  }
  const second = {
    ...newAccount(testInfo, 'driver', `offersecond${project}`),
    plate: `34 OF ${project === 'js' ? 21 : 22}`,
  }
  const firstName = `offerfirst${project} Kaya`
  const secondName = `offersecond${project} Demir`

  await page.setViewportSize({ width: 1280, height: 800 })
  await page.context().clearCookies()
  await signInAt(page, office)
  await expect(page).toHaveURL(/\/ops$/)
  await addCar(page, first.plate)
  await addCar(page, second.plate)
  await addDriver(page, { name: firstName, email: first.email, plate: first.plate, channel: 'SMS' })
  await addDriver(page, {
    name: secondName,
    email: second.email,
    plate: second.plate,
    channel: 'E-mail to their sign-in address',
  })

  // The board suggests them for the ride and links to the offer.
  await page.goto(`/ops?day=${day}`)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) })
  await expect(row).toContainText('Suggested:')
  await row.getByRole('link', { name: 'Offer or assign' }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${reference}/assign$`))

  // Nothing ticked: the form says so beside the drivers, and keeps the pay.
  const offerForm = page.getByRole('form', { name: 'Offer this ride to drivers' })
  await offerForm.getByLabel('Pay for this ride in lira (optional)').fill('1500')
  await offerForm.getByRole('button', { name: 'Send the offer' }).click()
  await expect(offerForm.getByText('Tick at least one driver.').first()).toBeVisible()
  await expect(offerForm.getByLabel('Pay for this ride in lira (optional)')).toHaveValue('1500')

  await offerForm.getByLabel(new RegExp(`^${firstName} \\(suggested`)).check()
  await offerForm.getByLabel(new RegExp(`^${secondName} \\(suggested`)).check()
  await offerForm.getByRole('button', { name: 'Send the offer' }).click()
  await expect(page.getByRole('status')).toHaveText('Offer sent to 2 drivers.')
  const offers = page.getByRole('table', { name: 'Offers of this ride' })
  await expect(offers.getByRole('row', { name: new RegExp(firstName) })).toContainText(
    'Waiting for an answer',
  )
  await expectNoAxeViolations(page, testInfo)
  // The second driver hears by e-mail, in Turkish (the language they speak), with the pay
  // and the link to their jobs.
  const [raw] = await mailsWith([second.email], 1)
  const mail = decodeMail(raw!)
  expect(mail.body).toContain('Size bir iş teklif edildi')
  expect(mail.body).toContain('Ücret: ₺1.500')
  expect(mail.body).toMatch(/\/ops\/jobs#offer-\d+/)

  // The first driver opens their page on a phone, and waits.
  const firstPhone = await freshPage(browser, testInfo)
  await signInAt(firstPhone, first)
  await expect(firstPhone).toHaveURL(/\/ops\/jobs$/)
  const firstOffer = firstPhone.getByRole('region', { name: 'Jobs offered to you' })
  await expect(firstOffer).toContainText('Your pay')
  await expect(firstOffer).toContainText('1,500')

  // The second, on their phone, accepts: the job is theirs.
  const secondPhone = await freshPage(browser, testInfo)
  await signInAt(secondPhone, second)
  const secondOffer = secondPhone.getByRole('region', { name: 'Jobs offered to you' })
  await expect(secondOffer).toContainText('Sabiha Gökçen')
  await expect(secondOffer).toContainText(/Accept by \d\d:\d\d/)
  await expectNoAxeViolations(secondPhone, testInfo)
  const secondOfferId = (await secondOffer.locator('li.ops-offer').getAttribute('id'))!.slice(
    'offer-'.length,
  )
  await secondOffer.getByRole('button', { name: 'Accept the job' }).click()
  await expect(secondPhone.getByRole('status')).toHaveText(
    'The job is yours: it is in your list below.',
  )
  await expect(secondPhone.locator(`#job-${reference}`)).toContainText(second.plate)

  // The first presses Accept on the page they had open: too late.
  await firstOffer.getByRole('button', { name: 'Accept the job' }).click()
  await expect(firstPhone.getByRole('alert')).toHaveText('Too late: another driver took this job.')
  await expect(firstPhone).toHaveTitle(/^Error: /)
  await expect(firstPhone.getByText('Taken by another driver.')).toBeVisible()
  await expect(firstPhone.getByRole('button', { name: 'Accept the job' })).toHaveCount(0)
  // Another driver's offer cannot be answered by its id.
  const forged = await firstPhone.request.post('/ops/jobs', {
    form: { intent: 'declineOffer', offerId: secondOfferId },
  })
  expect(forged.status()).toBe(403)

  // The office sees who drives it, and who took the offer.
  await page.goto(`/ops/bookings/${reference}`)
  await expect(page.getByText(secondName).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Staff actions' })).toContainText(
    'Offer accepted by the driver',
  )

  // The day at a glance: the ride is a bar on the accepting driver's car and on their row,
  // from its pickup to its estimated end; the page prints without the office's chrome.
  await page.goto(`/ops/timeline?day=${day}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^The day at a glance: /)
  const carRow = page.getByRole('list', { name: new RegExp(`^Rides of ${second.plate}:`) })
  await expect(carRow.getByRole('link', { name: new RegExp(reference) })).toHaveAccessibleName(
    new RegExp(`^11:00–\\d\\d:\\d\\d ${reference}: pickup 11:00, Sabiha Gökçen`),
  )
  const driverRow = page.getByRole('list', { name: `Rides of ${secondName}` })
  await expect(driverRow.getByRole('link', { name: new RegExp(reference) })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('navigation', { name: 'Operations' })).toBeHidden()
  await expect(carRow).toBeVisible()
  await page.emulateMedia({ media: 'screen' })

  await firstPhone.context().close()
  await secondPhone.context().close()
})
