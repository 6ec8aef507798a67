import { expect, test } from '@playwright/test'
import { cards, payWith } from './booking-helpers'
import { newAccount, signIn } from './staff-helpers'
import { expectNoAxeViolations } from './helpers'
import { markFinished, openServerDatabase } from './database'
import { istanbulPickupIn, payBookingOverHttp } from './traveller-helpers'

/**
 * After the ride, on a phone, with JavaScript and without: the traveller's
 * review page refuses a form without stars beside each question, keeping the
 * comment typed; then stores the review once and shows it back; a low score
 * says dispatch was told. Then a tip for the driver: an amount out of bounds
 * is refused beside its field, a chosen one is paid on the payment
 * simulator's page and listed on return. A stranger's browser finds nothing.
 */

function storedReview(reference: string) {
  const database = openServerDatabase()
  try {
    return database
      .prepare(
        `select driver_stars, car_stars, punctuality_stars, comment, publish_consent, author_name, ride_reviews.status as status
         from ride_reviews join bookings on bookings.id = ride_reviews.booking_id
         where bookings.reference = ?`,
      )
      .all(reference)
  } finally {
    database.close()
  }
}

function storedTips(reference: string) {
  const database = openServerDatabase()
  try {
    return database
      .prepare(
        `select method, ride_tips.status as status, amount_minor
         from ride_tips join bookings on bookings.id = ride_tips.booking_id
         where bookings.reference = ? order by ride_tips.id`,
      )
      .all(reference)
  } finally {
    database.close()
  }
}

test('a traveller reviews their finished ride at 390 px', async ({ page, browser }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const js = testInfo.project.name === 'js'
  const reference = await payBookingOverHttp(page.request, istanbulPickupIn(js ? 50 : 51))

  // Before the ride: nothing to review yet.
  await page.goto('/ride-review')
  await expect(page.getByRole('heading', { level: 1, name: 'How was your ride?' })).toBeVisible()
  await expect(page.getByRole('status')).toContainText('once it has been driven')
  await expect(page.getByRole('button', { name: 'Send review' })).toHaveCount(0)
  await expect(page.getByText(`${reference}: Sabiha Gökçen Airport (SAW) → Şile`)).toBeVisible()

  markFinished(reference)
  await page.goto('/ride-review')
  const comment = page.getByLabel('Anything else you would like to tell us?')
  await comment.fill('The car smelled of smoke.')
  await page.getByRole('group', { name: 'The car' }).getByLabel('2 stars').check()
  await page.getByRole('button', { name: 'Send review' }).click()

  // Two questions unanswered: said beside each and in the summary; what was chosen and typed stays.
  await expect(page).toHaveTitle(/^Error: /)
  const driver = page.getByRole('group', { name: /^Your driver/ })
  const punctuality = page.getByRole('group', { name: 'Punctuality' })
  await expect(driver).toContainText('Choose from 1 to 5 stars.')
  await expect(punctuality).toContainText('Choose from 1 to 5 stars.')
  await expect(page.getByRole('group', { name: 'The car' })).not.toContainText('Choose from')
  await expect(page.getByRole('group', { name: 'The car' }).getByLabel('2 stars')).toBeChecked()
  await expect(comment).toHaveValue('The car smelled of smoke.')
  await expectNoAxeViolations(page, testInfo)

  await driver.getByLabel('5 stars').check()
  await punctuality.getByLabel('4 stars').check()
  await page.getByLabel(/You may publish my review on the website/).check()
  await page.getByRole('button', { name: 'Send review' }).click()

  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your review' }),
  ).toBeVisible()
  await expect(page.getByRole('status')).toContainText('Our operations team has been told')
  await expect(page.getByRole('status')).toContainText(
    'our team reads every review before anything appears on the website',
  )
  await expect(page.getByText('The car smelled of smoke.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send review' })).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)
  expect(storedReview(reference)).toEqual([
    {
      driver_stars: 5,
      car_stars: 2,
      punctuality_stars: 4,
      comment: 'The car smelled of smoke.',
      publish_consent: 1,
      author_name: expect.any(String),
      status: 'new',
    },
  ])

  // A second send (another tab, a replayed form) changes nothing.
  const again = await page.request.post('/ride-review', {
    form: { driver: '1', car: '1', punctuality: '1' },
    maxRedirects: 0,
  })
  expect(again.status()).toBe(303)
  expect(storedReview(reference)).toHaveLength(1)
  expect((storedReview(reference)[0] as { driver_stars: number }).driver_stars).toBe(5)

  // A tip: another amount, too small, then an offered one paid on the provider's page.
  const tip = page.getByRole('region', { name: 'Thank your driver' })
  await tip.getByLabel('Another amount').check()
  await tip.getByLabel('Amount of your choice').fill('0.50')
  await tip.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveTitle(/^Error: /)
  await expect(tip.locator('.field__error')).toHaveText('The smallest tip is €1.')
  await expect(tip.getByLabel('Amount of your choice')).toHaveValue('0.50')
  await expectNoAxeViolations(page, testInfo)
  await tip.getByLabel('€10').check()
  await tip.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/ride-review\?key=[^#]+#tip$/)
  await expect(page.getByRole('region', { name: 'Thank your driver' })).toContainText(
    /You tipped €10 on .*: all of it goes to your driver\./,
  )
  expect(storedTips(reference)).toEqual([{ method: 'card', status: 'paid', amount_minor: 1000 }])

  // A dispatcher gives the tip back from the booking's page, through the same provider.
  const dispatcher = newAccount(testInfo, 'dispatcher', 'tip-refund')
  const office = await browser.newContext()
  try {
    const desk = await office.newPage()
    await desk.goto(`/ops/bookings/${reference}`)
    await signIn(desk, dispatcher.email, dispatcher.password)
    const tips = desk.getByRole('region', { name: 'Tips for the driver' })
    await expect(tips).toContainText(/By card\s*€10\.00\s*Paid/)
    await tips.getByRole('button', { name: 'Refund €10.00' }).click()
    await expect(desk.getByRole('status')).toHaveText(
      'The tip was refunded to the traveller’s card.',
    )
    await expect(tips).toContainText('Refunded')
    await expect(tips.getByRole('button')).toHaveCount(0)
    await expectNoAxeViolations(desk, testInfo)
  } finally {
    await office.close()
  }
  expect(storedTips(reference)).toEqual([
    { method: 'card', status: 'refunded', amount_minor: 1000 },
  ])
  await page.reload()
  await expect(page.getByRole('region', { name: 'Thank your driver' })).toContainText(
    /Your tip of €10 of .* was refunded to your card\./,
  )

  // A stranger's browser, without the booking's cookie or link, finds nothing.
  const stranger = await browser.newContext()
  try {
    const response = await stranger.request.get(new URL('/ride-review', page.url()).toString())
    expect(response.status()).toBe(404)
    const posted = await stranger.request.post(new URL('/ride-review', page.url()).toString(), {
      form: { driver: '1', car: '1', punctuality: '1' },
      maxRedirects: 0,
    })
    expect(posted.status()).toBe(404)
  } finally {
    await stranger.close()
  }
})
