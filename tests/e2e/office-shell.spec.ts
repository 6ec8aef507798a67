import { expect, test, type Locator } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import { assignNewDriver, newAccount, signIn } from './staff-helpers'
import { istanbulPickupIn, payBookingOverHttp } from './traveller-helpers'

/**
 * The back office has its own shell: no storefront header or footer, the
 * company's name as the office's, who is signed in, the language and
 * sign-out, and the navigation grouped by task, each group only where the
 * role may open something. At a desk the board reads one line a ride; on a
 * phone a driver's page is large, its steps full-width buttons.
 */

test('the office at a desk: its own header, grouped navigation, one line a ride', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000)
  // Two days ahead at a fixed hour: a ride of that day's board, whatever the hour now.
  const pickup = {
    date: istanbulDateIn(2),
    time: testInfo.project.name === 'js' ? '10:00' : '10:30',
  }
  const reference = await payBookingOverHttp(page.request, pickup)
  const admin = newAccount(testInfo, 'admin', 'shell-admin')
  const office = await (
    await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  ).newPage()
  await office.goto(`/ops/sign-in`)
  await signIn(office, admin.email, admin.password)
  await office.goto(`/ops?day=${pickup.date}`)

  // Nothing of the storefront: no site menu, no footer, no phone number to call.
  await expect(office.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)
  await expect(office.getByRole('contentinfo')).toHaveCount(0)
  const banner = office.getByRole('banner')
  await expect(banner.getByRole('link', { name: 'Marmara Chauffeur Office' })).toHaveAttribute(
    'href',
    '/ops',
  )
  await expect(banner).toContainText('Signed in as E2E shell-admin (admin)')
  await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible()

  // The navigation by task; the page shown is marked.
  const nav = office.getByRole('navigation', { name: 'Operations' })
  const groups = {
    "Today's work": ['Board', 'Time line', 'Cars on the road'],
    Bookings: ['This week', 'Run sheet', 'Obligations'],
    'Fleet and drivers': ['Drivers', 'Vehicles', 'Capacity'],
    'Prices and offers': ['Prices', 'Exchange rates', 'Promo codes'],
    Companies: ['Companies'],
    Reports: ['Reports', 'Reviews'],
    Settings: ['Staff', 'Sign-in security'],
  }
  for (const [group, links] of Object.entries(groups)) {
    await expect(nav.getByRole('list', { name: group }).getByRole('link')).toHaveText(links)
  }
  await expect(nav.getByRole('link', { name: 'Board' })).toHaveAttribute('aria-current', 'page')
  await nav.getByRole('link', { name: 'This week' }).click()
  await expect(nav.getByRole('link', { name: 'This week' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Board' })).not.toHaveAttribute('aria-current')

  // At 1280 px a day's ride keeps each short fact on one line. The route and the
  // driver's cell share what is left: on this shared server other specs' drivers are
  // suggested in the driver's cell, which may push a long route onto a second line.
  await office.goto(`/ops?day=${pickup.date}`)
  const row = office.getByRole('row').filter({ hasText: reference })
  const linesOf = (cells: Locator) =>
    cells.evaluateAll((elements) =>
      elements.map((cell) => {
        const range = document.createRange()
        range.selectNodeContents(cell)
        // Boxes of one line start within a few pixels of each other (small type beside large).
        const tops = [...range.getClientRects()].map((rect) => rect.top).sort((a, b) => a - b)
        return tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 8).length
      }),
    )
  // Time, reference, status, class, passengers, flight, traveller.
  const short = row.locator('th, td:not(.ops-board__driver):not(.ops-board__route)')
  expect(await linesOf(short)).toEqual([1, 1, 1, 1, 1, 1, 1])
  expect((await linesOf(row.locator('.ops-board__route')))[0]).toBeLessThanOrEqual(2)
  const table = office.getByRole('region', { name: /^Pickups on / })
  expect(
    await table.evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth),
    'the board fits 1280 px',
  ).toBe(true)
  await expectNoAxeViolations(office, testInfo)

  // In Turkish, the same shell.
  await banner.getByRole('button', { name: 'TR Türkçe' }).click()
  await expect(
    office.getByRole('navigation', { name: 'Operasyon' }).getByRole('list', {
      name: 'Bugünün işleri',
    }),
  ).toContainText('Pano')
  await expect(office.getByRole('banner')).toContainText('Oturum: E2E shell-admin (yönetici)')
  await expectNoAxeViolations(office, testInfo)
  await office.getByRole('banner').getByRole('button', { name: 'EN English' }).click()
  await office.context().close()
})

test('a driver’s office on a phone: their jobs alone, large steps for a thumb', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000)
  const js = testInfo.project.name === 'js'
  const reference = await payBookingOverHttp(page.request, istanbulPickupIn(js ? 5 : 5.5))
  const admin = newAccount(testInfo, 'admin', 'shell-office')
  const driverAccount = newAccount(testInfo, 'driver', 'shell-driver')
  const office = await (await browser.newContext({ baseURL })).newPage()
  await office.goto('/ops/sign-in')
  await signIn(office, admin.email, admin.password)
  await assignNewDriver(office, reference, {
    name: js ? 'Tarık Su' : 'Murat Göl',
    phone: '+90 533 222 33 44',
    plate: js ? '34 SH 501' : '34 SH 502',
    signInLabel: `E2E shell-driver (${driverAccount.email})`,
  })
  await office.context().close()

  const phone = await (
    await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })
  ).newPage()
  await phone.goto('/ops/sign-in')
  await signIn(phone, driverAccount.email, driverAccount.password)
  await expect(phone).toHaveURL(/\/ops\/jobs$/)
  const banner = phone.getByRole('banner')
  // The name leads to their jobs; the navigation holds nothing else.
  await expect(banner.getByRole('link', { name: 'Marmara Chauffeur Office' })).toHaveAttribute(
    'href',
    '/ops/jobs',
  )
  await expect(phone.getByRole('navigation', { name: 'Operations' }).getByRole('link')).toHaveText([
    'My jobs',
  ])
  await expect(phone.getByRole('contentinfo')).toHaveCount(0)
  // Nothing wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  const job = phone.getByRole('listitem').filter({ hasText: reference })
  const step = await job.getByRole('button', { name: 'I am on my way' }).boundingBox()
  expect(step!.height, 'the step’s button height').toBeGreaterThanOrEqual(56)
  expect(step!.width, 'the step’s button width').toBeGreaterThan(300)
  const text = await job.evaluate((card) => parseFloat(getComputedStyle(card).fontSize))
  expect(text, 'the job card’s type size').toBeGreaterThanOrEqual(17)
  await expectNoAxeViolations(phone, testInfo)
  await phone.context().close()
})
