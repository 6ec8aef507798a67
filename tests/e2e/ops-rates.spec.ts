import { readFileSync } from 'node:fs'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn, tomorrowInIstanbul } from './helpers'
import { newAccount, signIn } from './staff-helpers'
import { e2ePort } from './iyzico-settings'
import { flightsSitePort } from './flights-settings'

/**
 * /ops/rates: an admin pins the lira's rate until a time, the page says who
 * pinned it and until when, the vehicle step prices in lira at the pinned
 * rate, and Unpin gives the source's rate back. A dispatcher reads the page
 * without a form; a driver may not open it.
 *
 * A pin changes the lira's prices on every page of its copy of the site, and
 * the two projects run at the same time: each pins on a copy of its own whose
 * other specs book in euros (JavaScript on: the Maps copy; off: the flights copy).
 */
const sitePort = (testInfo: TestInfo) =>
  testInfo.project.name === 'no-js' ? flightsSitePort : e2ePort + 1
const site = (testInfo: TestInfo) => `http://localhost:${sitePort(testInfo)}`

/** The rates every copy of the site runs with (no RATES_PROVIDER: the built-in file). */
const builtin = JSON.parse(readFileSync('app/adapters/rates/builtin-rates.json', 'utf8')) as {
  date: string
  rates: { TRY: number }
}
const builtinLira = builtin.rates.TRY
const builtinSource = `Built-in rates file of ${new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date(`${builtin.date}T12:00:00Z`))}`
/** A rate as the page shows it (up to six decimals); the band is half the rate either way. */
const shown = (rate: number) =>
  new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(
    rate,
  )
const band = {
  min: shown(Number((builtinLira * 0.5).toFixed(4))),
  max: shown(Number((builtinLira * 1.5).toFixed(4))),
}
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const pinnedLira = 51.5
/** Economy Minivan, SAW to Şile at 10:00: 99 EUR. */
const economyCents = 9900

const vehicleStepInLira = `/booking-vehicle?date=${tomorrowInIstanbul()}&time=10:00&pickup=SAW&destination=Şile&currency=TRY`

/** A price in lira as the vehicle card shows it, digits only (5098.50 → '509850'). */
const liraDigits = (rate: number) => String(Math.round(economyCents * rate))

async function economyPriceDigits(page: Page, testInfo: TestInfo) {
  await page.goto(site(testInfo) + vehicleStepInLira)
  const price = page.locator('.offer__price strong').first()
  await expect(price).toHaveText(/^TRY|₺/)
  return (await price.textContent())!.replace(/[^\d]/g, '')
}

test('an admin pins the lira until a time, travellers are quoted at it, then unpins it', async ({
  page,
}, testInfo) => {
  const admin = newAccount(testInfo, 'admin', 'rates', sitePort(testInfo))
  await page.goto(`${site(testInfo)}/ops/sign-in`)
  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/ops$/)
  await page.getByRole('link', { name: 'Exchange rates' }).click()
  await expect(page).toHaveURL(/\/ops\/rates$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exchange rates')
  const lira = page
    .getByRole('region', { name: 'Exchange rates' })
    .getByRole('row', { name: /TRY/ })
  await expect(lira).toContainText(shown(builtinLira))
  await expect(lira).toContainText(builtinSource)
  await expectNoAxeViolations(page, testInfo)

  // Refused: a rate far from the source's and an end in the past, each said beside its field.
  const form = page.getByRole('form', { name: 'Pin the TRY rate' })
  await form.getByLabel('TRY per euro').fill('99')
  await form.getByLabel('Pinned until (date)').fill(istanbulDateIn(-1))
  await form.getByLabel('Time (Istanbul)').fill('18:00')
  await form.getByRole('button', { name: 'Pin TRY' }).click()
  await expect(page).toHaveTitle(/^Error: Exchange rates/)
  await expect(form.getByLabel('TRY per euro')).toHaveAccessibleDescription(
    new RegExp(
      escaped(
        `more than 50 % away from the source’s rate (${shown(builtinLira)}). Enter a rate from ${band.min} to ${band.max}.`,
      ),
    ),
  )
  await expect(form.getByLabel('Pinned until (date)')).toHaveAccessibleDescription(
    /The pin must end later than now\./,
  )
  await expect(form.getByLabel('TRY per euro')).toHaveValue('99')
  await expectNoAxeViolations(page, testInfo)

  const until = istanbulDateIn(2)
  await form.getByLabel('TRY per euro').fill('51,5')
  await form.getByLabel('Pinned until (date)').fill(until)
  await form.getByLabel('Time (Istanbul)').fill('18:00')
  await form.getByRole('button', { name: 'Pin TRY' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'The TRY rate is pinned. New quotes use it now.',
  )
  const untilText = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Istanbul',
  }).format(new Date(`${until}T18:00:00+03:00`))
  await expect(lira).toContainText('51.50')
  await expect(lira).toContainText(`Pinned by E2E rates until ${untilText}.`)
  const history = page.getByRole('region', { name: 'Pin history' })
  await expect(history.getByRole('row').nth(1)).toContainText('E2E rates')
  await expect(history.getByRole('row').nth(1)).toContainText('In force')

  // The traveller's vehicle step in lira: 99 EUR at 51.5 is ₺5,098.50.
  expect(await economyPriceDigits(page, testInfo)).toBe(liraDigits(pinnedLira))
  await expect(page.getByText(/Prices in TRY use our own exchange rate, set on/)).toBeVisible()

  await page.goto(`${site(testInfo)}/ops/rates`)
  await page.getByRole('button', { name: 'Unpin TRY' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'The TRY rate is no longer pinned: the source’s rate applies again.',
  )
  await expect(lira).toContainText(builtinSource)
  await expect(page.getByRole('button', { name: 'Unpin TRY' })).toHaveCount(0)
  await expect(history.getByRole('row').nth(1)).toContainText('Unpinned by E2E rates')
  expect(await economyPriceDigits(page, testInfo)).toBe(liraDigits(builtinLira))
})

test('a dispatcher reads the rates without a form; a driver may not open them', async ({
  page,
}, testInfo) => {
  const port = sitePort(testInfo)
  const dispatcher = newAccount(testInfo, 'dispatcher', 'rates-desk', port)
  await page.goto(`${site(testInfo)}/ops/sign-in`)
  await signIn(page, dispatcher.email, dispatcher.password)
  await expect(page).toHaveURL(/\/ops$/)
  await page.getByRole('link', { name: 'Exchange rates' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exchange rates')
  await expect(page.getByRole('region', { name: 'Exchange rates' })).toContainText('TRY')
  await expect(page.getByRole('form')).toHaveCount(0)
  await expect(page.getByRole('textbox')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^(Pin|Unpin) / })).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)
  // Nor may a dispatcher's browser pin by posting the form itself.
  const posted = await page.request.post(`${site(testInfo)}/ops/rates`, {
    form: {
      intent: 'pin',
      currency: 'TRY',
      rate: '50',
      expiresDate: istanbulDateIn(1),
      expiresTime: '12:00',
    },
    headers: { Origin: site(testInfo) },
    maxRedirects: 0,
  })
  expect(posted.status()).toBe(403)

  await page.context().clearCookies()
  const driver = newAccount(testInfo, 'driver', 'rates-driver', port)
  await page.goto(`${site(testInfo)}/ops/sign-in`)
  await signIn(page, driver.email, driver.password)
  await expect(page).toHaveURL(/\/ops\/jobs$/)
  await expect(page.getByRole('link', { name: 'Exchange rates' })).toHaveCount(0)
  const answer = await page.goto(`${site(testInfo)}/ops/rates`)
  expect(answer?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not for your role')
})
