import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations } from './helpers'
import { openServerDatabase, outboxDir } from './database'
import { bookAndPay, bookingsFor, tripTime, fillPassengerIdentity } from './booking-helpers'
import { depositCash } from './rule-texts'

/**
 * The invoice and the booking-completion page of a paid booking, with
 * JavaScript and without. Slots from 20 up keep these trips apart from the
 * other booking specs'. The booking is €129 (Business Luxury Minivan, SAW to
 * Şile) plus a €7 child seat: €136, of which 20 % VAT is contained, never added.
 */
const slot = (testInfo: TestInfo, n: number) => tripTime(testInfo, 20 + n)

const invoiceOf = (page: Page, name = 'Invoice') => page.getByRole('article', { name })
const row = (page: Page, name: RegExp, article = 'Invoice') =>
  invoiceOf(page, article).getByRole('row', { name })

function todayInIstanbul(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date())
}

function paymentIdOf(bookingId: string): string | null {
  const database = openServerDatabase()
  try {
    const found = database
      .prepare('select payment_id from bookings where id = ?')
      .get(bookingId) as { payment_id: string | null }
    return found.payment_id
  } finally {
    database.close()
  }
}

/** The signed key of the link in the booking's confirmation e-mail (quoted-printable). */
async function signedKeyFromMail(reference: string): Promise<string> {
  let key = ''
  await expect
    .poll(() => {
      const folder = outboxDir()
      if (!existsSync(folder)) return ''
      for (const file of readdirSync(folder).filter((file) => file.endsWith('.eml'))) {
        const mail = readFileSync(join(folder, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        if (!mail.includes(reference)) continue
        key = /\/booking-received\?key=([\w-]+\.[\w-]+)/.exec(mail)?.[1] ?? ''
        if (key) return key
      }
      return ''
    })
    .not.toBe('')
  return key
}

test('a paid booking: its invoice from the stored booking only, its completion page, and nothing for a stranger', async ({
  page,
  browser,
}, testInfo) => {
  test.slow()
  const since = new Date().toISOString()
  const time = slot(testInfo, 0)
  await bookAndPay(page, time, testInfo, {
    paymentOption: 'depositCash',
    company: 'Yılmaz Danışmanlık A.Ş.',
  })
  const [booking] = bookingsFor(time, since)
  expect(booking).toMatchObject({ status: 'confirmed' })
  const reference = booking!.reference

  // The invoice: company, number and date, billed to, lines, contained VAT, payment.
  const response = await page.goto('/invoice')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle('Invoice | Marmara Chauffeur')
  const invoice = invoiceOf(page)
  await expect(invoice.getByRole('heading', { level: 1 })).toHaveText('Invoice')
  for (const text of [
    'Marmara Chauffeur Turizm ve Taşımacılık Ltd. Şti.',
    'Mersis No',
    'TÜRSAB licence no. 14563',
    'reservations@marmarachauffeur.com',
    '+90 212 555 01 00',
  ]) {
    await expect(invoice.locator('address')).toContainText(text)
  }
  await expect(invoice.locator('.invoice__meta')).toContainText(`Invoice number${reference}`)
  await expect(invoice.locator('.invoice__meta time')).toHaveAttribute(
    'datetime',
    todayInIstanbul(),
  )
  const billed = page.getByRole('region', { name: 'Billed to' })
  for (const text of [
    'Ayşe Yılmaz',
    'Yılmaz Danışmanlık A.Ş.',
    'Bağdat Caddesi 1',
    '34710 İstanbul',
    'Türkiye',
    'ayse@example.com',
  ]) {
    await expect(billed).toContainText(text)
  }
  const transfer = row(page, /Business Luxury Minivan transfer/)
  await expect(transfer).toContainText('Şile')
  await expect(transfer).toContainText(time)
  await expect(transfer).toContainText('€129.00')
  await expect(row(page, /^Child Seat/)).toContainText('€7.00')
  await expect(row(page, /^Net amount \(excluding VAT\)/)).toContainText('€113.33')
  await expect(row(page, /^VAT 20 % \(included\)/)).toContainText('€22.67')
  await expect(row(page, /^Total \(VAT included\)/)).toContainText('€136.00')
  const payment = page.getByRole('region', { name: 'Payment' })
  await expect(payment).toContainText(depositCash.en)
  await expect(payment).toContainText('Paid by card€40.80')
  await expect(payment).toContainText('Due in cash to the driver€95.20')
  const paymentId = paymentIdOf(booking!.id)
  expect(paymentId).toBeTruthy()
  await expect(payment).toContainText(`Payment ID${paymentId}`)
  // Printing: a button with JavaScript, the browser's own command always.
  await expect(page.getByText("use your browser's Print command")).toBeVisible()
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(
    testInfo.project.name === 'js' ? 1 : 0,
  )
  await expectNoAxeViolations(page, testInfo)

  // Printed, the invoice stands alone: no header, footer or buttons.
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('.site-header')).toBeHidden()
  await expect(page.locator('.site-footer')).toBeHidden()
  await expect(page.locator('.invoice-page__toolbar')).toBeHidden()
  await expect(row(page, /^Total \(VAT included\)/)).toBeVisible()
  await page.emulateMedia({ media: 'screen' })

  // Values in the query string change nothing: the figures are the stored ones.
  const stored = await invoice.innerText()
  await page.goto(
    '/invoice?price=1&totalPrice=1&vehiclePrice=1&currency=USD&vehicle=ECOMNVN&extras=boosterSeat',
  )
  expect(await invoiceOf(page).innerText()).toBe(stored)
  await expect(invoiceOf(page)).not.toContainText('$')

  // The completion page: conversationId is the reference, matched trimmed and in any case.
  await page.goto(`/booking-completion?conversationId=%20${reference.toLowerCase()}%20`)
  await expect(page).toHaveTitle('Booking Confirmed | Marmara Chauffeur')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your booking is confirmed')
  const summary = page.getByRole('region', { name: 'Booking summary' })
  for (const text of [reference, 'Şile', time, 'Business Luxury Minivan', '€136']) {
    await expect(summary).toContainText(text)
  }
  await expect(summary).toContainText('StatusConfirmed and paid')
  await expect(summary).not.toContainText('passenger names were recorded')
  await expect(summary.getByRole('link', { name: 'View your booking' })).toHaveAttribute(
    'href',
    '/booking-received',
  )
  await expectNoAxeViolations(page, testInfo)
  if (testInfo.project.name === 'js') {
    // While the next page loads, the completion page says so. The next page is a
    // document load, during which the old page cannot be queried: the page itself
    // notes what its status line said when it showed (the tab's sessionStorage
    // outlives the page), and the request is slowed so there is time to show it.
    await page.route(/\/invoice(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.evaluate(() => {
      const status = document.querySelector<HTMLElement>('[role="status"][data-loading-status]')!
      new MutationObserver(() => {
        if (!status.hidden && status.checkVisibility()) {
          sessionStorage.setItem('loading-status-shown', status.textContent ?? '')
        }
      }).observe(status, { attributes: true, attributeFilter: ['hidden'] })
    })
  }
  await summary.getByRole('link', { name: 'View the invoice' }).click()
  if (testInfo.project.name === 'js') {
    expect(await page.evaluate(() => sessionStorage.getItem('loading-status-shown'))).toBe(
      'Loading...',
    )
  }
  await expect(page).toHaveURL(/\/invoice$/)
  await expect(invoiceOf(page)).toContainText(reference)
  await page.unrouteAll()

  // Another reference, even from the owner's browser, is not found.
  const unknown = await page.goto('/booking-completion?conversationId=MC-ZZZZZZ')
  expect(unknown?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Booking not found or invalid response.',
  )

  // A stranger: the invoice is not found and the completion page reveals nothing.
  const stranger = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  })
  const strangerPage = await stranger.newPage()
  for (const path of ['/invoice', `/invoice?key=${booking!.id}.forged`, `/invoice?${reference}`]) {
    const answer = await strangerPage.goto(path)
    expect(answer?.status()).toBe(404)
    await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  }
  const refused = await strangerPage.goto(`/booking-completion?conversationId=${reference}`)
  expect(refused?.status()).toBe(404)
  await expect(strangerPage).toHaveTitle(/^Error: /)
  await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText(
    'Booking not found or invalid response.',
  )
  await expect(
    strangerPage.getByText('Please contact support if the problem persists.'),
  ).toBeVisible()
  await expect(strangerPage.locator('main')).not.toContainText(reference)
  await expect(strangerPage.locator('main')).not.toContainText('Şile')
  await expectNoAxeViolations(strangerPage, testInfo)

  // …unless it holds the signed link of the confirmation e-mail: then the links keep it.
  const key = await signedKeyFromMail(reference)
  await strangerPage.goto(`/booking-completion?conversationId=${reference}&key=${key}`)
  await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText(
    'Your booking is confirmed',
  )
  const viaLink = strangerPage.getByRole('link', { name: 'View the invoice' })
  await expect(viaLink).toHaveAttribute('href', `/invoice?key=${key}`)
  await viaLink.click()
  await expect(invoiceOf(strangerPage)).toContainText(reference)
  await stranger.close()

  // Completed reservation (passenger names given): the completion page says so, while
  // the booking's status stays confirmed (only a ride that ended is completed); the invoice stays.
  await page.goto('/booking-received')
  await fillPassengerIdentity(page, 1)
  await page.getByRole('button', { name: 'Complete Reservation' }).click()
  await expect(page.getByRole('dialog', { name: 'Reservation Completed' })).toBeVisible()
  await page.goto(`/booking-completion?conversationId=${reference}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your reservation is complete')
  await expect(summary).toContainText('The passenger names were recorded.')
  await expect(summary).toContainText('StatusConfirmed and paid')
  await expect(summary).not.toContainText('Completed')
  await expectNoAxeViolations(page, testInfo)
  expect((await page.goto('/invoice'))?.status()).toBe(200)
})

test('the completion page without a conversationId says so', async ({ page }, testInfo) => {
  for (const path of ['/booking-completion', '/booking-completion?conversationId=%20%20']) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(400)
    await expect(page).toHaveTitle('Error: Booking not available | Marmara Chauffeur')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'The link is missing the booking reference.',
    )
    await expect(page.getByText('Please contact support if the problem persists.')).toBeVisible()
  }
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
  await expectNoAxeViolations(page, testInfo)
})

test.describe('in Turkish', () => {
  test.use({ locale: 'tr-TR' })

  test('the completion messages, the invoice and the completion page are translated', async ({
    page,
  }, testInfo) => {
    test.slow()
    // The browser's language decides while no language was chosen.
    const missing = await page.goto('/booking-completion')
    expect(missing?.status()).toBe(400)
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
    await expect(page).toHaveTitle(/^Hata: Rezervasyon gösterilemiyor/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Bağlantıda rezervasyon numarası eksik.',
    )
    await expect(
      page.getByText('Sorun devam ederse lütfen destek ekibimizle iletişime geçin.'),
    ).toBeVisible()

    // Booked in English (the shared steps speak it), then read in Turkish.
    const since = new Date().toISOString()
    const time = slot(testInfo, 1)
    await page.goto('/?lng=en')
    await bookAndPay(page, time, testInfo)
    const [booking] = bookingsFor(time, since)
    const reference = booking!.reference

    await page.goto('/invoice?lng=tr')
    await expect(page).toHaveTitle('Fatura | Marmara Chauffeur')
    await expect(invoiceOf(page, 'Fatura').locator('.invoice__meta')).toContainText(
      `Fatura numarası${reference}`,
    )
    await expect(row(page, /transferi/, 'Fatura')).toContainText('€129,00')
    await expect(row(page, /^Çocuk koltuğu/, 'Fatura')).toContainText('€7,00')
    await expect(row(page, /^Net tutar \(KDV hariç\)/, 'Fatura')).toContainText('€113,33')
    await expect(row(page, /^KDV %20 \(dâhil\)/, 'Fatura')).toContainText('€22,67')
    await expect(row(page, /^Toplam \(KDV dâhil\)/, 'Fatura')).toContainText('€136,00')
    const payment = page.getByRole('region', { name: 'Ödeme' })
    await expect(payment).toContainText('Tamamı Kredi Kartıyla')
    await expect(payment).toContainText('Kartla ödenen€136,00')
    await expect(payment).not.toContainText('Şoföre nakit ödenecek')
    await expectNoAxeViolations(page, testInfo)

    // The received page and the driver's voucher in Turkish: paid in full, nothing in cash.
    await page.goto('/booking-received?lng=tr')
    const order = page.getByRole('region', { name: 'Rezervasyon Özeti' })
    await expect(order).toContainText('Kartla ödenen€136')
    await expect(order).toContainText('Tamamı ödendi: şoföre ödenecek bir tutar yok.')
    await expect(order).not.toContainText('Şoföre nakit ödenecek')
    await expect(page.getByRole('region', { name: 'Rezervasyon Bilgileri' })).toContainText(
      'Uçuş numarasıTK1984',
    )
    const documents = page.getByRole('region', { name: 'Fatura ve transfer belgesi' })
    await expect(
      documents.getByRole('link', { name: 'Faturayı görüntüleyin ve yazdırın' }),
    ).toHaveAttribute('href', '/invoice')
    const help = page.getByRole('region', { name: 'Yardıma mı ihtiyacınız var?' })
    await expect(help.getByRole('link', { name: "WhatsApp'tan bize yazın" })).toHaveAttribute(
      'href',
      `https://wa.me/905325550100?text=${encodeURIComponent(`Merhaba, rezervasyon numaram ${reference}.`)}`,
    )
    const voucher = page.getByRole('article', { name: 'Transfer belgesi' })
    // No name was given for the sign: the driver's sign shows the lead passenger's.
    await expect(voucher).toContainText('Karşılama tabelasındaki isimAyşe Yılmaz')
    await expect(voucher).toContainText('Tamamı ödendi: şoförün tahsil edeceği bir tutar yok.')
    await expectNoAxeViolations(page, testInfo)
    await documents.getByRole('link', { name: 'Yazdırılabilir transfer belgesini açın' }).click()
    await expect(page).toHaveURL(/\/booking-voucher$/)
    await expect(page).toHaveTitle('Transfer Belgesi | Marmara Chauffeur')
    await expect(page.getByRole('article', { name: 'Transfer belgesi' })).toContainText(reference)
    await expectNoAxeViolations(page, testInfo)

    await page.goto(`/booking-completion?conversationId=${reference}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rezervasyonunuz onaylandı')
    await expect(page.getByRole('region', { name: 'Rezervasyon özeti' })).toContainText(
      'DurumOnaylandı ve ödendi',
    )
    await expect(page.getByRole('link', { name: 'Faturayı görüntüleyin' })).toBeVisible()
    await expectNoAxeViolations(page, testInfo)
  })
})
