import { expect, test, type Page } from '@playwright/test'
import { chooseVehicle, fillStepsToBookNow, tripTime } from './booking-helpers'
import { fakeIyzico, iyzicoSitePort } from './iyzico-settings'

/**
 * The same booking paid through the iyzico adapter (PAYMENT_PROVIDER=iyzico):
 * the real iyzipay client in the server talks to the local protocol server
 * started by the global setup, whose checkout page sends the browser back to
 * our callback with the token, as iyzico's does.
 */
test.use({ baseURL: `http://localhost:${iyzicoSitePort}` })

async function bookAndOpenCheckout(page: Page, time: string) {
  await chooseVehicle(page, time)
  await fillStepsToBookNow(page)
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(page).toHaveURL(
    new RegExp(`^http://127\\.0\\.0\\.1:${fakeIyzico.port}/checkoutform\\?token=`),
  )
}

test("a booking paid on iyzico's checkout page ends on the received page", async ({
  page,
}, testInfo) => {
  await bookAndOpenCheckout(page, tripTime(testInfo, 0))
  await expect(page.getByText('129')).toBeVisible()
  await page.getByRole('button', { name: 'Pay (success)' }).click()
  await expect(page).toHaveURL(/\/booking-received$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your order was submitted successfully!',
  )
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('€129')
})

test('a card declined at iyzico returns to the payment step', async ({ page }, testInfo) => {
  await bookAndOpenCheckout(page, tripTime(testInfo, 1))
  await page.getByRole('button', { name: 'Pay (declined: NOT_SUFFICIENT_FUNDS)' }).click()
  await expect(page).toHaveURL(/\/booking-payment\?notice=paymentDeclined$/)
  await expect(page.getByRole('alert').first()).toContainText('Your card was declined')
})
