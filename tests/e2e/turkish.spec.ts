import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { openIn, waitForHydration } from './helpers'
import { decodeMail, outboxDir } from './database'
import { piecesOf, publicPaths } from './page-texts'
import { rawKeysIn } from '../support/raw-keys'
import { bookingsFor, cards, fillArrivingFlight, tripTime, vehicleStep } from './booking-helpers'

/**
 * A Turkish page says everything in Turkish: no English word, no internal name
 * (a translation key, a parameter, a status) and none of the wordings replaced
 * for Turkish readers, in the title, the meta description, any label for
 * assistive technology, alt or placeholder text, or the text itself. Every
 * public page and booking step, with their error states, JavaScript on and off,
 * in an English-speaking browser; and the confirmation e-mail of a Turkish booking.
 */
test.use({ locale: 'en-US' })

const slot = (testInfo: TestInfo, n: number) => tripTime(testInfo, 36 + n)

/** Whole words (letters on neither side), case as written. */
const englishWords = [
  ...['the', 'and', 'your', 'you', 'with', 'for', 'of', 'is', 'are', 'to', 'our'],
  ...['Error', 'Please', 'Select', 'Choose', 'Continue', 'Back', 'Book', 'Booking', 'Order'],
  ...['Passenger', 'Passengers', 'Luggage', 'Total', 'Payment', 'Pay', 'Submit', 'Search'],
  ...['Close', 'Open', 'Next', 'Previous', 'Loading', 'Home', 'Menu', 'Required', 'Invalid'],
  ...['Missing', 'optional', 'Details', 'Summary', 'Phone', 'Email', 'Date', 'Time', 'Price'],
  ...['Vehicle', 'Extras', 'Child', 'Seat', 'Booster', 'Sign', 'Register', 'Contact', 'About'],
  ...['Fleet', 'Services', 'Print', 'Invoice', 'Voucher', 'Driver', 'Pickup', 'Destination'],
  ...['Filter', 'All', 'carousel', 'slide', 'Business', 'Luxury', 'Eco', 'Minibus', 'Van'],
  ...['Thank', 'Sorry', 'Update', 'Add', 'Added', 'Remove', 'View', 'Read', 'More', 'Learn'],
]

/** Internal names, and the Turkish wordings that were replaced (one spelling each). */
const forbiddenPatterns: RegExp[] = [
  /conversationId|undefined|\bnull\b|\bNaN\b|\[object |\{\{|\}\}/,
  /\b(ECOMNVN|LUXMNVN|ECOMNBS|LUXMNBS|awaiting_payment|payment_failed|fullCard|depositCash)\b/,
  /\b(a11y|account|booking|blog|common|completion|contact|error|fleet|footer|forms|home|invoice|language|mail|meta|nav|notFound|pricing|received|search|services|simulator|team|voucher)\.[a-z]\w*\.?\w*/,
  /booking\.ics|24\/7/,
  /Sipariş|Bırakış|döngü|alıştan|Blog bulunamadı|Business Lüks/,
  /bavul|valiz|dahil|Dahil|çevrimiçi|Çevrimiçi|acenta(?!ları Birliği)|\bMilli\b|\bmilli\b/,
]

const englishPattern = new RegExp(`(?<!\\p{L})(${englishWords.join('|')})(?!\\p{L})`, 'u')

/** The offending piece of a text, if any. */
function leakIn(text: string): string | undefined {
  const english = englishPattern.exec(text)
  if (english) return english[0]
  // Any key of the texts shown as it is, whatever its group.
  const [key] = rawKeysIn(text)
  if (key) return key
  for (const pattern of forbiddenPatterns) {
    const found = pattern.exec(text)
    if (found) return found[0]
  }
  return undefined
}

/**
 * With JavaScript, texts that only the scripts add (the carousel's description)
 * count too: the page is checked once hydrated, or once its scripts have run
 * where an error screen replaced the page (it does not mark hydration).
 */
async function expectTurkishOnly(page: Page, testInfo: TestInfo, { errorScreen = false } = {}) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
  if (testInfo.project.name === 'js') {
    if (errorScreen) await page.waitForLoadState('networkidle')
    else await waitForHydration(page)
  }
  const leaks = (await piecesOf(page)).flatMap(({ where, text }) => {
    const leak = leakIn(text)
    return leak ? [`${where}: "${leak}" in "${text.slice(0, 120)}"`] : []
  })
  expect(leaks, `English or internal text on ${page.url()}`).toEqual([])
}

test('every public page and every answer of the search speaks only Turkish', async ({
  page,
}, testInfo) => {
  test.slow()
  const failures: string[] = []
  for (const path of publicPaths) {
    const response = await openIn(page, path, 'tr')
    try {
      await expectTurkishOnly(page, testInfo, { errorScreen: (response?.status() ?? 200) >= 400 })
    } catch (error) {
      failures.push(
        String((error as Error).message)
          .split('\n')
          .slice(0, 12)
          .join('\n'),
      )
    }
  }
  expect(failures).toEqual([])
})

test('forms left empty answer with the page’s Turkish messages, not the browser’s', async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === 'js'
  const hydrated = async () => {
    if (js) await waitForHydration(page)
  }
  // An English browser's own tooltip would stop the submission and show English.
  const forms: [path: string, button: string, message: string | RegExp][] = [
    ['/contact', 'Bize Ulaşın', 'Lütfen adınızı ve soyadınızı yazın.'],
    ['/login', 'Giriş yapın', 'E-posta adresinizi yazın.'],
    ['/register', 'Kayıt olun', 'E-posta adresinizi yazın.'],
    ['/account/forgot-password', 'Bana bağlantı gönderin', 'E-posta adresinizi yazın.'],
    ['/coming-soon', 'Bana haber verin', 'Lütfen geçerli bir e-posta adresi girin.'],
    ['/manage-booking', 'Bağlantıyı gönderin', 'Rezervasyon numaranızı girin.'],
    ['/', 'Arayın', 'Lütfen tüm alanları doldurun.'],
  ]
  for (const [path, button, message] of forms) {
    await openIn(page, path, 'tr')
    await hydrated()
    if (path === '/') {
      // The search starts with a date; only the places are left empty.
      await page
        .getByRole('form', { name: 'Yolculuk arayın' })
        .getByLabel('Saat', { exact: true })
        .selectOption('10:00')
    }
    await page.getByRole('button', { name: button, exact: true }).first().click()
    await expect(page.getByText(message).first()).toBeVisible()
    await expectTurkishOnly(page, testInfo)
  }
})

/** The raw confirmation e-mail of a booking, once written to the test server's outbox. */
async function confirmationMail(reference: string): Promise<string> {
  let found: string | undefined
  await expect
    .poll(() => {
      const folder = outboxDir()
      found = existsSync(folder)
        ? readdirSync(folder)
            .filter((file) => file.endsWith('.eml'))
            .map((file) => readFileSync(join(folder, file), 'utf8'))
            .find((mail) => mail.includes(reference) && /\.ics/.test(mail))
        : undefined
      return Boolean(found)
    })
    .toBe(true)
  return found!
}

test('the booking in Turkish, its error states and its e-mail: Turkish only', async ({
  page,
}, testInfo) => {
  test.slow()
  const since = new Date().toISOString()
  const time = slot(testInfo, 0)
  const check = () => expectTurkishOnly(page, testInfo)

  await openIn(page, vehicleStep(time), 'tr')
  await check()
  await page.getByRole('button', { name: 'Seçin VIP Minivan' }).click()
  await expect(page).toHaveURL(/\/booking-extra$/)
  await check()
  await page.getByRole('button', { name: /^Ekleyin Çocuk koltuğu/ }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 adet eklendi' })).toBeVisible()
  // The seat steppers' hidden names are Turkish too.
  await expect(
    page.getByRole('button', { name: 'Çocuk koltuğu: bir tane daha ekleyin' }),
  ).toBeVisible()
  await check()
  await page.getByRole('button', { name: 'Devam' }).click()

  // Passenger step: empty, then filled.
  await expect(page).toHaveURL(/\/booking-passenger$/)
  await check()
  const passenger = page.getByRole('form', { name: 'Kim seyahat ediyor?' })
  await passenger.getByRole('button', { name: 'Devam' }).click()
  await expect(page.getByRole('alert').first()).toContainText(
    'Lütfen tüm zorunlu alanları doldurun.',
  )
  await expect(page).toHaveTitle(/^Hata: /)
  await check()
  await passenger.getByLabel('Ad', { exact: true }).fill('Ayşe')
  await passenger.getByLabel('Soyad', { exact: true }).fill('Yılmaz')
  await passenger.getByLabel('E-posta').fill('ayse.example.com')
  await passenger.getByLabel('Telefon').fill('+90 532 123 45 67')
  await passenger.getByLabel('Yolcu sayısı').selectOption('2')
  await passenger.getByLabel('Bagaj sayısı').selectOption('2')
  await fillArrivingFlight(passenger)
  await passenger.getByRole('button', { name: 'Devam' }).click()
  await expect(page.getByText('Lütfen geçerli bir e-posta adresi girin.').first()).toBeVisible()
  await check()
  await passenger.getByLabel('E-posta').fill('ayse@example.com')
  await passenger.getByRole('button', { name: 'Devam' }).click()

  // Payment step: empty, then a declined card, then paid.
  await expect(page).toHaveURL(/\/booking-payment$/)
  await check()
  await page.getByRole('button', { name: 'Rezervasyon yapın' }).click()
  await expect(page).toHaveTitle(/^Hata: /)
  await check()
  await page.getByLabel('Adres').fill('Bağdat Caddesi 1')
  await page.getByLabel('Şehir').fill('İstanbul')
  await page.getByLabel('Posta Kodu').fill('34710')
  await page.getByLabel('Ülke').fill('Türkiye')
  await page.getByLabel(/okudum ve kabul ediyorum/).check()
  await page.getByRole('button', { name: 'Rezervasyon yapın' }).click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await check()
  await page.getByLabel('Kart numarası').fill(cards.declined)
  await page.getByRole('button', { name: /ödeyin$/ }).click()
  if (testInfo.project.name === 'no-js') {
    await check()
    await page.getByRole('button', { name: 'Marmara Chauffeur sitesine dönün' }).click()
  }
  await expect(page).toHaveURL(/\/booking-payment\?notice=paymentDeclined$/)
  await check()
  await page.getByRole('button', { name: 'Rezervasyon yapın' }).click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await page.getByLabel('Kart numarası').fill(cards.success)
  await page.getByRole('button', { name: /ödeyin$/ }).click()
  if (testInfo.project.name === 'no-js') {
    await page.getByRole('button', { name: 'Marmara Chauffeur sitesine dönün' }).click()
  }
  await expect(page).toHaveURL(/\/booking-received$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Rezervasyonunuz başarıyla alındı!',
  )
  await check()

  // The passenger names, refused when one is left empty (with JavaScript too: never the
  // browser's tooltip). The first row holds the lead passenger's name already.
  await page.getByRole('button', { name: '+ Yolcu ekleyin' }).click()
  await expect(page.getByLabel('2. yolcu: ad')).toBeVisible()
  await page.getByRole('button', { name: 'Rezervasyonu tamamlayın' }).click()
  await expect(page.getByText('Lütfen her yolcunun adını ve soyadını girin.')).toBeVisible()
  await check()

  const [booking] = bookingsFor(time, since)
  const reference = booking!.reference
  // The traveller's own pages after payment, and the page they share.
  const shared = new URL(await page.getByLabel('Paylaşılacak bağlantı').inputValue())
  for (const path of [
    '/invoice',
    '/booking-voucher',
    `/booking-completion?conversationId=${reference}`,
    '/booking-change',
    '/booking-cancel',
    `${shared.pathname}${shared.search}`,
  ]) {
    await page.goto(path)
    await check()
  }

  // The confirmation e-mail: subject, text and calendar file, all in Turkish.
  const mail = decodeMail(await confirmationMail(reference))
  expect(mail.subject).toBe(`${reference} numaralı rezervasyonunuz onaylandı – Marmara Chauffeur`)
  expect(mail.attachments).toEqual([`rezervasyon-${reference}.ics`])
  const text = mail.body
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
  const mailLeaks = text
    .split(/\r?\n/)
    // Headers, MIME boundaries, calendar properties and base64 lines are not prose.
    .filter((line) => !/^[\w-]+: |^--|^\s*$|^[A-Z-]+[:;]|^[A-Za-z0-9+/=]{40,}$/.test(line.trim()))
    .flatMap((line) => {
      const leak = leakIn(line)
      return leak ? [`"${leak}" in "${line.trim().slice(0, 120)}"`] : []
    })
  expect(mailLeaks).toEqual([])
})
