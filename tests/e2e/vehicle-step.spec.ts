import { expect, test, type Page } from '@playwright/test'
import {
  expectNoAxeViolations,
  openIn,
  routeSearchForm,
  tomorrowInIstanbul,
  waitForHydration,
} from './helpers'

async function searchFromHome(page: Page, pickup: string, destination: string, time = '10:00') {
  await page.goto('/')
  const form = routeSearchForm(page)
  await form.getByLabel('Pickup Location').fill(pickup)
  await form.getByLabel('Destination').fill(destination)
  await form.getByLabel('Date', { exact: true }).fill(tomorrowInIstanbul())
  await form.getByLabel('Time', { exact: true }).selectOption(time)
  await form.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/booking-vehicle\?/)
}

const prices = (page: Page) => page.locator('.offer__price strong')

test('SAW → Şile at 10:00 shows the four fixed prices, and axe is clean', async ({
  page,
}, testInfo) => {
  await searchFromHome(page, 'SAW', 'Şile')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your vehicle')
  await expect(prices(page)).toHaveText(['€99', '€129', '€149', '€199'])
  const summary = page.getByRole('region', { name: 'Your trip' })
  await expect(summary).toContainText('Sabiha Gökçen Airport (SAW)')
  await expect(summary).toContainText('Şile')
  await expect(summary).toContainText('52 km')
  await expect(summary).toContainText('about 2 hours')
  await expect(page.locator('.progress [aria-current="step"]')).toContainText('Vehicle')
  await expectNoAxeViolations(page, testInfo)
})

test('the currency selector shows the same trip in Turkish lira', async ({ page }) => {
  await searchFromHome(page, 'SAW', 'Şile')
  await page.getByLabel('Currency').selectOption('TRY')
  // With JavaScript the change submits the form; without, the Update button does.
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page).toHaveURL(/currency=TRY/)
  await expect(page.getByLabel('Currency')).toHaveValue('TRY')
  await expect(prices(page).first()).toHaveText(/^TRY|₺/)
})

test('an intercity trip is priced by the intercity rule', async ({ page }) => {
  await searchFromHome(page, 'Kadıköy', 'Bursa')
  await expect(prices(page)).toHaveCount(4)
  const values = (await prices(page).allTextContents()).map((text) =>
    Number(text.replace(/[^\d]/g, '')),
  )
  expect(values.every((value) => value > 110)).toBe(true)
  expect(values).toEqual([...values].sort((a, b) => a - b))
})

test('the same place at both ends is refused for districts and cities as for airports', async ({
  page,
}) => {
  for (const [pickup, destination] of [
    ['SAW', 'Sabiha Gökçen Airport'],
    ['Kadıköy', 'Kadıköy'],
    ['Kocaeli', 'İzmit'],
  ]) {
    await searchFromHome(page, pickup!, destination!)
    await expect(page.getByRole('alert').first()).toContainText(
      'Please choose two different places.',
    )
    await expect(prices(page)).toHaveCount(0)
  }
  // Two addresses within one district are a trip at the within-city price.
  await searchFromHome(page, 'Moda, Kadıköy', 'Bahariye Caddesi, Kadıköy')
  await expect(prices(page)).toHaveCount(4)
})

test('a place outside the area opens the home apology with its Okay button', async ({
  page,
}, testInfo) => {
  await page.goto('/')
  if (testInfo.project.use.javaScriptEnabled !== false) await waitForHydration(page)
  const form = routeSearchForm(page)
  await form.getByLabel('Pickup Location').fill('Ankara')
  await form.getByLabel('Destination').fill('SAW')
  await form.getByLabel('Date', { exact: true }).fill(tomorrowInIstanbul())
  await form.getByLabel('Time', { exact: true }).selectOption('10:00')
  await form.getByRole('button', { name: 'Search' }).click()
  // With JavaScript the apology opens where the traveller is; without, on the next page.
  await expect(page).toHaveURL(
    testInfo.project.use.javaScriptEnabled !== false ? /\/$/ : /\/booking-vehicle\?/,
  )
  const dialog = page.getByRole('dialog', { name: 'We are Sorry!' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(
    'We currently only provide service in Istanbul, Bursa, Yalova, Kocaeli, Sapanca, Sakarya and Bolu regions.',
  )
  await expectNoAxeViolations(page, testInfo)
  await dialog.getByRole('button', { name: 'Okay' }).click()
  await expect(dialog).toBeHidden()
  await expect(routeSearchForm(page).getByLabel('Pickup Location')).toHaveValue('Ankara')
})

test('an empty search says so on the home page, in the page language', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.use.javaScriptEnabled === false,
    'the server says it without JavaScript',
  )
  await openIn(page, '/', 'tr')
  await waitForHydration(page)
  const form = page.getByRole('form', { name: 'Yolculuk arayın' })
  await form.getByLabel('Alış Noktası').fill('Kadıköy')
  await form.getByRole('button', { name: 'Ara' }).click()
  await expect(form.getByRole('alert')).toHaveText('Lütfen tüm alanları doldurun.')
  await expect(page).toHaveURL(/\/(\?lng=tr)?$/)
  await expect(form.getByLabel('Varış Noktası')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Varış Noktası')).toBeFocused()
  await expect(form.getByLabel('Alış Noktası')).toHaveValue('Kadıköy')
  await expectNoAxeViolations(page, testInfo)
})

test('a bare city asks for the district and never suggests an airport', async ({ page }) => {
  await searchFromHome(page, 'İstanbul, Türkiye', 'Bursa')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('“İstanbul, Türkiye” is a whole city')
  await expect(alert.getByRole('link')).not.toHaveCount(0)
  await expect(alert.getByRole('link', { name: /Airport/ })).toHaveCount(0)
  await expect(prices(page)).toHaveCount(0)
  await alert.getByRole('link', { name: 'Kadıköy' }).click()
  await expect(prices(page)).toHaveCount(4)
  await openIn(
    page,
    `/booking-vehicle?pickup=Istanbul&destination=Bursa&date=${tomorrowInIstanbul()}&time=10:00`,
    'tr',
  )
  await expect(page.getByRole('alert')).toContainText('bir şehrin tamamı')
  await expect(page.getByRole('alert').getByRole('link', { name: /Havalimanı/ })).toHaveCount(0)
})

test('an unknown place gets suggestions that search again', async ({ page }) => {
  await searchFromHome(page, 'Kadikoyy', 'SAW')
  await expect(page.getByRole('alert')).toContainText('We could not find “Kadikoyy”')
  await expect(routeSearchForm(page).getByLabel('Pickup Location')).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await page.getByRole('alert').getByRole('link', { name: 'Kadıköy' }).click()
  await expect(prices(page)).toHaveCount(4)
})

test('a missing field and a date too far are explained with the form still filled', async ({
  page,
}) => {
  await page.goto(`/booking-vehicle?date=${tomorrowInIstanbul()}&time=&pickup=SAW&destination=Şile`)
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields.')
  await expect(routeSearchForm(page).getByLabel('Pickup Location')).toHaveValue('SAW')
  await expect(page).toHaveTitle(/^Error: /)
  await page.goto('/booking-vehicle?date=2099-01-01&time=10:00&pickup=SAW&destination=Şile')
  await expect(page.getByRole('alert')).toHaveText(
    'You can only select a date within the next 20 days.',
  )
})

test('a forged price or distance in the URL changes nothing', async ({ page }) => {
  await page.goto(
    `/booking-vehicle?date=${tomorrowInIstanbul()}&time=10:00&pickup=SAW&destination=Şile&price=1&distance=1&duration=1&totalPrice=1`,
  )
  await expect(prices(page)).toHaveText(['€99', '€129', '€149', '€199'])
  await expect(page.getByRole('region', { name: 'Your trip' })).toContainText('52 km')
})

test('Select re-prices on the server and refuses a forged class', async ({
  page,
  request,
  baseURL,
}) => {
  await searchFromHome(page, 'SAW', 'Şile')
  await page.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await expect(page.getByRole('region', { name: 'Your booking' })).toContainText(
    'Business Luxury Minivan',
  )
  const forged = await request.post('/booking-vehicle', {
    form: {
      date: tomorrowInIstanbul(),
      time: '10:00',
      pickup: 'SAW',
      destination: 'Şile',
      vehicleClass: 'ROCKET',
      price: '1',
    },
    headers: { origin: baseURL! },
  })
  expect(forged.status()).toBe(400)
  expect(await forged.text()).toContain('That vehicle cannot be booked for this trip.')
})

test('the vehicle step speaks Turkish', async ({ page }) => {
  await openIn(
    page,
    `/booking-vehicle?date=${tomorrowInIstanbul()}&time=10:00&pickup=SAW&destination=Şile`,
    'tr',
  )
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aracınızı seçin')
  await expect(prices(page).first()).toHaveText('€99')
})

test('the vehicle step lists the longer region list when a search there is out of area', async ({
  page,
}) => {
  await page.goto(
    `/booking-vehicle?date=${tomorrowInIstanbul()}&time=10:00&pickup=SAW&destination=Trabzon`,
  )
  await expect(page.getByRole('dialog', { name: 'We are Sorry!' })).toContainText(
    'Istanbul, Bursa, Yalova, Kocaeli, Sapanca, Sakarya, Bolu, Antalya, İzmir, Aydın, Çanakkale and Muğla',
  )
})

test('a pickup less than 2 hours ahead is refused with a clear message', async ({ page }) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date())
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Istanbul',
      hour: '2-digit',
      hour12: false,
    }).format(new Date()),
  )
  test.skip(hour >= 22, 'no same-day time under 2 hours ahead is left after 22:00')
  const soon = `${String(hour + 1).padStart(2, '0')}:00`
  await page.goto(`/booking-vehicle?date=${today}&time=${soon}&pickup=SAW&destination=Şile`)
  await expect(page.getByRole('alert')).toContainText('at least 2 hours before your pickup time')
})

test('the date widget refuses a date beyond 20 days and falls back to today', async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    'the alert is the JavaScript date widget; the server message is tested above',
  )
  await page.goto('/')
  await waitForHydration(page)
  const date = routeSearchForm(page).getByLabel('Date', { exact: true })
  const today = await date.inputValue()
  const alerts: string[] = []
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message())
    await dialog.accept()
  })
  await date.fill('2099-01-01')
  await expect.poll(() => alerts).toEqual(['You can only select a date within the next 20 days.'])
  await expect(date).toHaveValue(today)
})
