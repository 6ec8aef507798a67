import { expect, test, type Locator, type Page } from '@playwright/test'
import { openServerDatabase } from './database'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import { newAccount, signIn } from './staff-helpers'
import { payBookingOverHttp } from './traveller-helpers'

/**
 * Travellers' reviews from the office's side, with JavaScript and without: two
 * finished rides of one driver are reviewed, one traveller letting the site
 * publish theirs and one not. A dispatcher publishes the first (it moves to
 * Published), finds no Publish button on the second and keeps it off the site;
 * a hand-made POST publishing it anyway is refused (409). The driver's staff
 * page shows their rating. Strangers are sent to sign in; a driver gets 403.
 */

interface SeededReview {
  reference: string
  bookingId: string
}

/**
 * Marks the test's own paid rides finished and writes their reviews (as the
 * traveller's page would) for a driver of their own, inactive so that no
 * other spec's ride is offered to them. Returns the driver's record id.
 */
function seedReviews(
  driverName: string,
  reviews: {
    reference: string
    stars: [number, number, number]
    comment: string | null
    consent: boolean
    author: string
  }[],
): { driverId: number; seeded: SeededReview[] } {
  const database = openServerDatabase()
  try {
    const now = new Date().toISOString()
    const driverId = Number(
      database
        .prepare(
          `insert into drivers (name, phone, languages, licence_number, active, created_at, updated_at)
           values (?, '+90 532 111 22 33', 'Turkish, English', ?, 0, ?, ?)`,
        )
        .run(driverName, `R-${driverName}`, now, now).lastInsertRowid,
    )
    const seeded = reviews.map((review) => {
      const { id } = database
        .prepare('select id from bookings where reference = ?')
        .get(review.reference) as { id: string }
      database.prepare(`update bookings set status = 'finished' where id = ?`).run(id)
      database
        .prepare(
          `insert into ride_reviews (booking_id, driver_id, vehicle_class, driver_stars, car_stars,
             punctuality_stars, comment, publish_consent, author_name, language, status, created_at)
           values (?, ?, 'LUXMNVN', ?, ?, ?, ?, ?, ?, 'en', 'new', ?)`,
        )
        .run(
          id,
          driverId,
          ...review.stars,
          review.comment,
          review.consent ? 1 : 0,
          review.author,
          now,
        )
      return { reference: review.reference, bookingId: id }
    })
    return { driverId, seeded }
  } finally {
    database.close()
  }
}

const reviewRow = (page: Page, reference: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: reference }) })

test('the office publishes a review given with consent and keeps another off the site', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000)
  const js = testInfo.project.name === 'js'
  // A day no other spec books, a time of this project's own.
  const date = istanbulDateIn(9)
  const consenting = await payBookingOverHttp(page.request, { date, time: js ? '11:00' : '11:30' })
  const withheld = await payBookingOverHttp(page.request, { date, time: js ? '13:00' : '13:30' })
  const driverName = js ? 'Reviewed Kaya' : 'Reviewed Aydın'
  const { driverId, seeded } = seedReviews(driverName, [
    {
      reference: consenting,
      stars: [5, 4, 5],
      comment: 'Spotless car, and the driver helped with every suitcase.',
      consent: true,
      author: 'Anna K.',
    },
    { reference: withheld, stars: [2, 3, 1], comment: null, consent: false, author: 'Jon D.' },
  ])
  const privateId = seeded[1]!.bookingId

  // A stranger is sent to sign in, and back here after.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/ops/reviews')
  await expect(page).toHaveURL(/\/ops\/sign-in\?next=%2Fops%2Freviews$/)
  const dispatcher = newAccount(testInfo, 'dispatcher', 'reviews')
  await signIn(page, dispatcher.email, dispatcher.password)
  await expect(page).toHaveURL(/\/ops\/reviews$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Travellers’ reviews')
  const nav = page.getByRole('navigation', { name: 'Operations' })
  await expect(nav.getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page')
  const tabs = page.getByRole('navigation', { name: 'Reviews by status' })
  await expect(tabs.getByRole('link')).toHaveText(['New', 'Published', 'Kept off the site'])
  await expect(tabs.getByRole('link', { name: 'New' })).toHaveAttribute('aria-current', 'page')

  // Both new reviews, each with its ride, driver, scores in words, comment and consent.
  const table = page.getByRole('region', { name: 'New reviews, newest first' })
  await expect(table.getByRole('table', { name: 'New reviews, newest first' })).toBeVisible()
  const first = reviewRow(page, consenting)
  await expect(first.getByRole('link', { name: consenting })).toHaveAttribute(
    'href',
    `/ops/bookings/${consenting}`,
  )
  await expect(first.getByRole('cell')).toHaveText([
    /^\d{1,2} \w+ \d{4}$/,
    driverName,
    /Driver.*5 stars.*Car.*4 stars.*Punctuality.*5 stars/,
    'Spotless car, and the driver helped with every suitcase.',
    'English',
    'Yes',
    /Publish.*Keep off the site/,
  ])
  const second = reviewRow(page, withheld)
  await expect(second.getByRole('cell').nth(2)).toHaveText(
    /^Driver\W*2 stars\W*Car\W*3 stars\W*Punctuality\W*1 star$/,
  )
  await expect(second.getByRole('cell').nth(3)).toHaveText('–No comment')
  await expect(second.getByRole('cell').nth(5)).toHaveText('No')
  // No consent: nothing to publish, only to keep off the site.
  await expect(second.getByRole('button', { name: /^Publish/ })).toHaveCount(0)
  await expect(
    second.getByRole('button', { name: `Keep off the site (review of ${withheld})` }),
  ).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  // Publishing it anyway by hand is refused, said on the page; an unknown review is not found.
  const refused = await page.request.post('/ops/reviews?status=new', {
    form: { bookingId: privateId, decision: 'publish' },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(409)
  expect(refused.headers()['cache-control']).toBe('no-store')
  expect(await refused.text()).toContain('This review cannot be published')
  const unknown = await page.request.post('/ops/reviews?status=new', {
    form: { bookingId: 'no-such-booking', decision: 'hide' },
    maxRedirects: 0,
  })
  expect(unknown.status()).toBe(404)

  // Publish the one given with consent: back on New, told so; it has left the tab.
  await first.getByRole('button', { name: `Publish (review of ${consenting})` }).click()
  await expect(page).toHaveURL(
    new RegExp(`/ops/reviews\\?status=new&done=published&reference=${consenting}$`),
  )
  await expect(page.getByRole('status')).toHaveText(
    `The review of ${consenting} is published: it appears on the website.`,
  )
  await expect(reviewRow(page, consenting)).toHaveCount(0)
  await expect(reviewRow(page, withheld)).toHaveCount(1)

  // Under Published, with only the way back off the site.
  await tabs.getByRole('link', { name: 'Published' }).click()
  await expect(page).toHaveURL(/\/ops\/reviews\?status=published$/)
  await expect(tabs.getByRole('link', { name: 'Published' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  const published = reviewRow(page, consenting)
  await expect(published).toHaveCount(1)
  await expect(published.getByRole('button', { name: /^Publish/ })).toHaveCount(0)
  await expect(published.getByRole('button', { name: /^Keep off the site/ })).toBeVisible()

  // Keep the other one off the site: it moves to its tab, where nothing more can be done.
  await tabs.getByRole('link', { name: 'New' }).click()
  await reviewRow(page, withheld)
    .getByRole('button', { name: `Keep off the site (review of ${withheld})` })
    .click()
  await expect(page).toHaveURL(
    new RegExp(`/ops/reviews\\?status=new&done=hidden&reference=${withheld}$`),
  )
  await expect(page.getByRole('status')).toHaveText(
    `The review of ${withheld} is kept off the site.`,
  )
  await expect(reviewRow(page, withheld)).toHaveCount(0)
  await page.goto('/ops/reviews?status=hidden')
  const hidden = reviewRow(page, withheld)
  await expect(hidden.getByRole('button')).toHaveCount(0)
  await expect(hidden).toContainText('Cannot be published: the traveller did not allow it.')
  await expectNoAxeViolations(page, testInfo)

  // Each decision is on the ride's record.
  await page.goto(`/ops/bookings/${consenting}`)
  await expect(page.getByText('Review published')).toBeVisible()

  // The driver's page: the mean of their driver scores, 5 and 2.
  await page.goto(`/ops/drivers/${driverId}`)
  await expect(page.getByText('Rating from travellers: 3.5 out of 5 (2 reviews)')).toBeVisible()

  // At 390 px the page scrolls no wider than the phone; the table scrolls in its region.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/ops/reviews?status=published')
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true)
  await expectNoAxeViolations(page, testInfo)
})

test('a driver may not read or moderate the reviews', async ({ page }, testInfo) => {
  const driver = newAccount(testInfo, 'driver', 'reviews-driver')
  await page.goto('/ops/sign-in')
  await signIn(page, driver.email, driver.password)
  await expect(page).toHaveURL(/\/ops\/jobs$/)
  await expect(page.getByRole('link', { name: 'Reviews' })).toHaveCount(0)
  const response = await page.goto('/ops/reviews')
  expect(response?.status()).toBe(403)
  expect(response?.headers()['cache-control']).toBe('no-store')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not for your role')
  const post = await page.request.post('/ops/reviews', {
    form: { bookingId: 'any', decision: 'hide' },
    maxRedirects: 0,
  })
  expect(post.status()).toBe(403)
})
