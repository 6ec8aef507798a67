import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './helpers'
import {
  bookNowAndPay,
  chooseVehicle,
  extraCard,
  fillBilling,
  fillPassenger,
  passengerForm,
  total,
  tripTime,
} from './booking-helpers'
import { mailsWith } from './database'

/**
 * A family books two child seats, with JavaScript and without: the seats are
 * counted on the extras step and priced on the server, the passenger step asks
 * for an adult more than the seats, and the paid booking carries "× 2" on the
 * received page, the voucher, the invoice and the confirmation e-mail.
 */
test('a family books two child seats', async ({ page }, testInfo) => {
  await chooseVehicle(page, tripTime(testInfo, 10))
  const childSeat = extraCard(page, 'Child Seat')
  await childSeat.getByRole('button', { name: 'Add Child Seat' }).click()
  await childSeat.getByRole('button', { name: 'Add another Child Seat' }).click()
  await expect(childSeat.getByRole('status')).toHaveText('2 added')
  // €129 for the Business Luxury Minivan, and €7 a seat.
  await expect(total(page)).toHaveText('€143')
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Continue' }).click()

  // Two passengers cannot fill two child seats: an adult travels with the children.
  await fillPassenger(page, '2')
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  const passengers = passengerForm(page).getByLabel('Passengers')
  await expect(passengers).toHaveAttribute('aria-invalid', 'true')
  // The message sits beside the field, as its description.
  await expect(passengers).toHaveAccessibleDescription(
    /With 2 child and booster seats booked, at least 3 passengers travel/,
  )
  await expect(page).toHaveTitle(/^Error: /)
  await expect(passengerForm(page).getByLabel('First Name')).toHaveValue('Ayşe')
  await expectNoAxeViolations(page, testInfo)
  await passengers.selectOption('3')
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  await expect(page.getByRole('main')).toContainText('Child Seat × 2')

  await fillBilling(page)
  const reference = await bookNowAndPay(page, testInfo)
  await expect(page.getByRole('region', { name: 'Reservation Information' })).toContainText(
    'Child Seat × 2',
  )
  await expect(page.getByRole('article', { name: /voucher/i })).toContainText('Child Seat × 2')

  // The invoice: one line for both seats, with the price of one.
  await page.goto('/invoice')
  const line = page.getByRole('article', { name: 'Invoice' }).getByRole('row', {
    name: /^Child Seat × 2/,
  })
  await expect(line).toContainText('€7.00 each')
  await expect(line).toContainText('€14.00')
  await expectNoAxeViolations(page, testInfo)

  const [mail] = await mailsWith([reference, 'Child Seat × 2'], 1)
  expect(mail).toMatch(/^To: ayse@example\.com$/m)
})
