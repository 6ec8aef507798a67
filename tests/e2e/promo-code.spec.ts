import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import {
  cards,
  chooseVehicle,
  fillStepsToBookNow,
  payWith,
  total,
  tripTime,
} from './booking-helpers'
import { newAccount, signIn } from './staff-helpers'

/**
 * Promo codes end to end, with JavaScript and without: an admin adds a code
 * at /ops/promo-codes; a traveller at the payment step tries a wrong code
 * (the message beside the field, nothing typed lost), applies the right one
 * (the discount line, a lower total), a tampered form cannot set the amount,
 * pays the lower amount on the simulator, and the received page and the
 * invoice show the discount. A dispatcher sees the codes without a form; a
 * driver is refused.
 */

// Three days ahead, at a slot of its own: no other spec books this trip.
const day = istanbulDateIn(3)

async function signInAt(page: Page, account: { email: string; password: string }) {
  await page.goto('/ops/sign-in')
  await signIn(page, account.email, account.password)
  await expect(page).toHaveURL(/\/ops$/)
}

const bookingSummary = (page: Page) =>
  page.getByRole('region', { name: 'Your booking', exact: true })
const promoField = (page: Page) => page.getByRole('textbox', { name: 'Promo code' })

test('an admin adds a code, a traveller applies it and pays the lower amount', async ({
  page,
  browser,
}, testInfo) => {
  test.slow()
  const js = testInfo.project.name === 'js'
  const code = `E2E-${js ? 'JS' : 'NOJS'}-${Date.now() % 1_000_000}`

  // The admin adds 10 % off, for the Business Luxury Minivan.
  // Staff in a context of their own (the project's settings apply to it too).
  const office = await (await browser.newContext()).newPage()
  await signInAt(office, newAccount(testInfo, 'admin', 'promo-admin'))
  await office
    .getByRole('navigation', { name: 'Operations' })
    .getByRole('link', { name: 'Promo codes' })
    .click()
  await expect(office).toHaveURL(/\/ops\/promo-codes$/)
  const add = office.getByRole('form', { name: 'Add a promo code' })
  await add.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase())
  await add.getByRole('radio', { name: 'A percent of the total' }).check()
  await add.getByRole('textbox', { name: 'Percent off (1–100)' }).fill('10')
  await add.getByRole('textbox', { name: 'Uses in all' }).fill('5')
  await add.getByRole('checkbox', { name: 'Business Luxury Minivan' }).check()
  await add.getByRole('button', { name: 'Add code' }).click()
  await expect(office.getByRole('status')).toHaveText(`Code ${code} added.`)
  const listed = office.getByRole('row', { name: new RegExp(code) })
  await expect(listed).toContainText('10 % off')
  await expect(listed).toContainText('0 of 5')
  await expect(listed).toContainText('Active')
  await expectNoAxeViolations(office, testInfo)

  // The traveller: a wrong code first.
  await chooseVehicle(page, tripTime(testInfo, 19), undefined, day)
  await fillStepsToBookNow(page, { paymentOption: 'fullCard' })
  await expect(total(page)).toHaveText('€129')
  await promoField(page).fill('NOT-A-CODE')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  await expect(promoField(page)).toHaveValue('NOT-A-CODE')
  await expect(promoField(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(promoField(page)).toHaveAccessibleDescription(
    'We do not know this code. Please check how it is written.',
  )
  // Nothing typed is lost, and no discount shows.
  await expect(page.getByLabel('Address')).toHaveValue('Bağdat Caddesi 1')
  await expect(page.getByLabel(/I have read and accept/)).toBeChecked()
  await expect(bookingSummary(page)).not.toContainText('Promo code')
  await expectNoAxeViolations(page, testInfo)

  // The right code, typed in lower case; with JavaScript, Enter in the field applies it.
  await promoField(page).fill(code.toLowerCase())
  if (js) await promoField(page).press('Enter')
  else await page.getByRole('button', { name: 'Apply' }).click()
  await expect(promoField(page)).toHaveAccessibleDescription(
    `Code ${code} takes €12.90 off your booking.`,
  )
  const discountLine = bookingSummary(page).locator('.booking-summary__discount')
  await expect(discountLine).toContainText(`Promo code ${code}`)
  await expect(discountLine).toContainText('−€12.90')
  await expect(total(page)).toHaveText('€116.10')
  await expect(page.getByLabel('City')).toHaveValue('İstanbul')

  // A tampered Apply: every amount the form may carry is ignored.
  const tampered = await page.request.post('/booking-payment', {
    form: {
      fullname: 'Ayşe',
      lastname: 'Yılmaz',
      address: 'Bağdat Caddesi 1',
      city: 'İstanbul',
      zipcode: '34710',
      country: 'Türkiye',
      paymentOption: 'fullCard',
      acceptTerms: 'on',
      intent: 'applyPromo',
      promoCode: code,
      discountMinor: '12900',
      discount_minor: '12900',
      amount: '1',
      totalMinor: '1',
    },
    maxRedirects: 0,
  })
  expect(tampered.status()).toBe(303)
  await page.reload()
  await expect(total(page)).toHaveText('€116.10')

  // Book Now charges the lower amount.
  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveText('Pay €116.10')
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  const order = page.getByRole('region', { name: 'Order Summary' })
  await expect(order).toContainText(`Promo code ${code}`)
  await expect(order).toContainText('−€12.90')
  await expect(order).toContainText('€116.10')

  await page.goto('/invoice')
  const invoice = page.getByRole('article', { name: 'Invoice' })
  await expect(invoice.getByRole('row', { name: /^Promo code/ })).toContainText('−€12.90')
  await expect(invoice.getByRole('row', { name: /^Total \(VAT included\)/ })).toContainText(
    '€116.10',
  )
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Paid by card€116.10')

  // The use is counted.
  await office.reload()
  await expect(office.getByRole('row', { name: new RegExp(code) })).toContainText('1 of 5')
  await office.context().close()
})

test('a dispatcher sees the codes without a form; a driver is refused', async ({
  browser,
}, testInfo) => {
  const dispatcher = await browser.newPage()
  await signInAt(dispatcher, newAccount(testInfo, 'dispatcher', 'promo-dispatcher'))
  await dispatcher.goto('/ops/promo-codes')
  await expect(dispatcher.getByRole('heading', { level: 1 })).toHaveText('Promo codes')
  await expect(
    dispatcher.getByText('You can see the codes; only an admin can add or change them.'),
  ).toBeVisible()
  await expect(dispatcher.getByRole('form')).toHaveCount(0)
  await expect(dispatcher.getByRole('button', { name: 'Add code' })).toHaveCount(0)
  // Nor can a dispatcher add one by posting the form anyway.
  const posted = await dispatcher.request.post('/ops/promo-codes', {
    form: { code: 'DISPATCH-1', kind: 'percent', percent: '50' },
    headers: { Origin: new URL(dispatcher.url()).origin },
    maxRedirects: 0,
  })
  expect(posted.status()).toBe(403)
  await dispatcher.close()

  const driver = await browser.newPage()
  await driver.goto('/ops/sign-in')
  const account = newAccount(testInfo, 'driver', 'promo-driver')
  await signIn(driver, account.email, account.password)
  await expect(driver).toHaveURL(/\/ops\/jobs$/)
  await expect(driver.getByRole('link', { name: 'Promo codes' })).toHaveCount(0)
  const response = await driver.goto('/ops/promo-codes')
  expect(response?.status()).toBe(403)
  await driver.close()
})
