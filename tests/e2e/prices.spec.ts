import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import { newAccount, signIn } from './staff-helpers'
import { pricesSitePort } from './prices-settings'

/**
 * Prices without a developer, with JavaScript and without, each project on a
 * copy of the site of its own: an admin starts a draft from the version in
 * force, a wrong figure is refused beside its field with what was typed kept,
 * the preview shows the price now and with the draft, and once published the
 * site quotes the new price and the fleet shows the new 'starting from'. A
 * dispatcher reads the versions and may not edit.
 */

const minimumField = /Least price within a city.*Eco Minivan/

test('an admin drafts, previews and publishes a price list; the site sells at it', async ({
  page,
}, testInfo) => {
  const site = `http://localhost:${pricesSitePort(testInfo)}`
  const admin = newAccount(testInfo, 'admin', 'prices', pricesSitePort(testInfo))
  await page.goto(`${site}/ops/sign-in`)
  await signIn(page, admin.email, admin.password)
  await page.getByRole('link', { name: 'Prices' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible()
  const versions = page.getByRole('table', { name: 'Versions, newest first' })
  await expect(versions.getByRole('row', { name: /^Price list \d+ In force/ })).toHaveCount(1)
  await expectNoAxeViolations(page, testInfo)
  // A retry finds the draft its first attempt left: it starts again from the version in force.
  if (await page.getByRole('link', { name: /Edit draft/ }).count()) {
    await page.getByRole('link', { name: /Edit draft/ }).click()
    await page.getByRole('button', { name: 'Discard the draft' }).click()
  }

  await page.getByRole('button', { name: /Start a draft from version \d+/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: /\(draft\)/ })).toBeVisible()
  const minimum = page.getByRole('textbox', { name: minimumField })
  // 47.00 on a fresh server; more on a retry after a publish.
  const now = Number(await minimum.inputValue())
  const next = now + 5

  // A figure that is not an amount: refused beside the field, what was typed kept.
  await minimum.fill('fifty')
  await page.getByLabel('What changes').fill('Winter minimums')
  await page.getByRole('button', { name: 'Save the draft' }).click()
  await expect(minimum).toHaveAttribute('aria-invalid', 'true')
  await expect(minimum).toHaveAccessibleDescription('Enter an amount in euros, like 47 or 47.50.')
  await expect(minimum).toHaveValue('fifty')
  await expect(page.getByLabel('What changes')).toHaveValue('Winter minimums')
  await expect(page).toHaveTitle(/^Error: /)

  await minimum.fill(String(next))
  await page.getByRole('button', { name: 'Save the draft' }).click()
  await expect(page.getByRole('status')).toHaveText(/The draft is saved/)
  await expect(page.getByRole('textbox', { name: minimumField })).toHaveValue(next.toFixed(2))

  // The preview: a ride within the city at the minimum, now and with the draft.
  const preview = page.getByRole('table', { name: /Sample searches/ })
  const cityRide = preview.getByRole('row', { name: /Beşiktaş → Kadıköy/ })
  await expect(cityRide.getByRole('cell').first()).toHaveText(
    `Now: €${now.toFixed(2)} → With the draft: €${next.toFixed(2)}`,
  )
  // A fare the draft does not change shows once.
  await expect(
    preview
      .getByRole('row', { name: /SAW → Şile/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('Now: €99.00')
  await expectNoAxeViolations(page, testInfo)

  await page.getByRole('button', { name: 'Publish the draft' }).click()
  await expect(page.getByRole('status')).toHaveText('The price list is published.')
  await expect(
    versions
      .getByRole('row', { name: /^Price list \d+ In force/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText('Winter minimums')

  // The site sells at it: a ride within the city, and the fleet's starting price.
  await page.goto(
    `${site}/booking-vehicle?date=${istanbulDateIn(2)}&time=12:00&pickup=Beşiktaş&destination=Kadıköy`,
  )
  await expect(page.locator('.offer__price strong').first()).toHaveText(`€${next}`)
  await page.goto(`${site}/fleet-list`)
  await expect(
    page.locator('article', { hasText: 'Eco Minivan' }).locator('.vehicle-card__price').first(),
  ).toHaveText(`Starting from €${next}`)
})

test('a dispatcher reads the price lists and may not change them', async ({ page }, testInfo) => {
  const site = `http://localhost:${pricesSitePort(testInfo)}`
  const dispatcher = newAccount(testInfo, 'dispatcher', 'prices-read', pricesSitePort(testInfo))
  await page.goto(`${site}/ops/sign-in`)
  await signIn(page, dispatcher.email, dispatcher.password)
  await page.goto(`${site}/ops/prices`)
  await expect(page.getByRole('table', { name: 'Versions, newest first' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Start a draft/ })).toHaveCount(0)
  await page.getByRole('link', { name: 'Price list 1', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Price list 1' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Airport fares (EUR)' })).toContainText('Şile')
  await expect(page.getByRole('textbox')).toHaveCount(0)
  const draft = await page.request.get(`${site}/ops/prices/draft`)
  expect(draft.status()).toBe(403)
})
