import { expect, test, type Browser, type Page, type Response } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn, openIn } from './helpers'
import { newAccount, signIn } from './staff-helpers'
import { paidToken } from './database'
import { mailsWith, payBookingOverHttp, signedLinkIn } from './traveller-helpers'

/**
 * The traveller's own booking after payment, with JavaScript and without, in
 * English and Turkish, axe on every page: a stranger finds it by reference
 * and e-mail (and gets the identical answer for a wrong e-mail), opens it
 * from the e-mail, changes the flight number (which staff then see, with the
 * traveller's audit entry), shares a read-only link that shows no billing,
 * and cancels 48 hours ahead: the refund shows on the page, in the e-mail
 * and at the payment simulator.
 */

/** A fresh browser of someone holding no cookie for the booking. */
async function stranger(browser: Browser, javaScriptEnabled: boolean, baseURL: string) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL })
  return context.newPage()
}

/** Submits the find-my-booking form and returns the answer of its POST. */
async function findBooking(page: Page, reference: string, email: string, labels = english) {
  await page.getByLabel(labels.reference, { exact: true }).fill(reference)
  await page.getByLabel(labels.email, { exact: true }).fill(email)
  const posted = page.waitForResponse(
    (response: Response) =>
      response.request().method() === 'POST' && response.url().includes('/manage-booking'),
  )
  await page.getByRole('button', { name: labels.submit }).click()
  return (await posted).status()
}

const english = {
  reference: 'Booking reference',
  email: 'E-mail address you booked with',
  submit: 'Send me the link',
  sent: /^Thank you\. If this reference and e-mail address belong to a booking, we have sent its link/,
}
const turkish = {
  reference: 'Rezervasyon numarası',
  email: 'Rezervasyonda kullandığınız e-posta adresi',
  submit: 'Bağlantıyı gönderin',
  sent: /^Teşekkür ederiz\. Bu rezervasyon numarası ve e-posta adresi bir rezervasyona aitse/,
}

test('find a booking by reference and e-mail, change its flight, share it, cancel it 48 hours ahead', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000)
  const js = testInfo.project.name === 'js'
  // Three days ahead at 10:00: 48 hours or more before pickup, whatever the hour now.
  const reference = await payBookingOverHttp(page.request, {
    date: istanbulDateIn(3),
    time: js ? '10:00' : '10:15',
  })

  // Find my booking, from a browser that never saw the booking: refused empty, then
  // the same answer and status for a wrong and a right e-mail address.
  const visitor = await stranger(browser, js, baseURL!)
  await visitor.goto('/manage-booking')
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Find your booking')
  await expectNoAxeViolations(visitor, testInfo)
  await visitor.getByRole('button', { name: english.submit }).click()
  await expect(visitor.locator('#find-booking-reference-error')).toHaveText(
    'Enter your booking reference.',
  )
  await expect(visitor).toHaveTitle(/^Error: /)
  await visitor.getByLabel(english.reference, { exact: true }).fill('MC-OI01')
  await visitor.getByLabel(english.email, { exact: true }).fill('ayse@example.com')
  await visitor.getByRole('button', { name: english.submit }).click()
  await expect(visitor.locator('#find-booking-reference-error')).toContainText(
    'A booking reference looks like MC-7K4Q9P',
  )
  await expect(visitor.getByLabel(english.email, { exact: true })).toHaveValue('ayse@example.com')
  await expectNoAxeViolations(visitor, testInfo)

  const wrong = await findBooking(visitor, reference, 'someone.else@example.com')
  const wrongAnswer = visitor.getByRole('status')
  await expect(wrongAnswer).toHaveText(english.sent)
  const wrongText = await wrongAnswer.textContent()
  const wrongUrl = visitor.url()
  const right = await findBooking(visitor, reference.toLowerCase(), 'Ayse@Example.com')
  await expect(visitor.getByRole('status')).toHaveText(wrongText!)
  expect(right).toBe(wrong)
  expect(visitor.url()).toBe(wrongUrl)
  await expectNoAxeViolations(visitor, testInfo)
  // In Turkish, the same page and the same answer.
  await openIn(visitor, '/manage-booking', 'tr')
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Rezervasyonunuzu bulun')
  expect(await findBooking(visitor, reference, 'baska@example.com', turkish)).toBe(wrong)
  await expect(visitor.getByRole('status')).toHaveText(turkish.sent)
  await expectNoAxeViolations(visitor, testInfo)

  // One link mail went out, for the right address only, to the booking's own address.
  const [linkMail] = await mailsWith(
    ['To: ayse@example.com', `The link to your booking ${reference}`],
    1,
  )
  const ownerLink = signedLinkIn(linkMail!)

  // A tampered key shows the not-found page and nothing of the booking.
  const tampered = ownerLink.replace(/.(?=$)/, (last) => (last === 'A' ? 'B' : 'A'))
  const refused = await visitor.goto(tampered)
  expect(refused?.status()).toBe(404)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
    /Page not found|Sayfa bulunamadı/,
  )
  await expect(visitor.locator('main')).not.toContainText(reference)

  // The link opens the ride page in the stranger's browser, with the ride's status.
  await openIn(visitor, ownerLink, 'en')
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
    'Your ride: Booking confirmed',
  )
  const ride = visitor.getByRole('region', { name: 'Your ride', exact: true })
  await expect(ride).toContainText('Now: Booking confirmed')
  await expect(ride.getByRole('listitem').filter({ hasText: 'Driver assigned' })).toContainText(
    'Still to come',
  )
  await expect(visitor.getByRole('region', { name: 'Where you meet your driver' })).toContainText(
    'arrivals hall of Sabiha Gökçen Airport (SAW)',
  )
  const calendar = await visitor.request.get(
    (await visitor.getByRole('link', { name: 'Add to your calendar' }).getAttribute('href'))!,
  )
  expect(calendar.headers()['content-type']).toContain('text/calendar')
  // Long lines of a calendar file are folded (RFC 5545): unfold before reading.
  expect((await calendar.text()).replace(/\r\n /g, '')).toContain(`(${reference})`)
  await expectNoAxeViolations(visitor, testInfo)

  // Change details: a refused form keeps what was typed, then the new flight number.
  await visitor.getByRole('link', { name: 'Change details' }).click()
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Change booking details')
  await expectNoAxeViolations(visitor, testInfo)
  await visitor.getByLabel('Flight number (optional)').fill('1234567')
  await visitor.getByLabel('Notes (optional)').fill('Two pairs of skis')
  await visitor.getByRole('button', { name: 'Save changes' }).click()
  await expect(visitor.locator('#details-form-flightNumber-error')).not.toBeEmpty()
  await expect(visitor.getByLabel('Notes (optional)')).toHaveValue('Two pairs of skis')
  await expect(visitor).toHaveTitle(/^Error: /)
  await expectNoAxeViolations(visitor, testInfo)
  await visitor.getByLabel('Flight number (optional)').fill('pc 2010')
  await visitor.getByRole('button', { name: 'Save changes' }).click()
  await expect(visitor.getByRole('status')).toHaveText(
    'Your changes are saved. We have sent you a confirmation by e-mail.',
  )
  await expect(visitor.getByRole('region', { name: 'Reservation Information' })).toContainText(
    'PC2010',
  )
  await mailsWith([`Your booking ${reference} is changed`, 'Flight number: TK1984 → PC2010'], 1)
  // The same page in Turkish.
  await openIn(visitor, ownerLink, 'tr')
  await expect(visitor.getByRole('region', { name: 'Yolculuğunuz', exact: true })).toContainText(
    'Rezervasyon onaylandı',
  )
  await expectNoAxeViolations(visitor, testInfo)
  await openIn(visitor, ownerLink, 'en')

  // The share link: the ride, without billing, payment or the traveller's contact details.
  const shareUrl = await visitor.getByLabel('Link to share').inputValue()
  const friend = await stranger(browser, js, baseURL!)
  await friend.goto(shareUrl)
  await expect(friend.getByRole('heading', { level: 1 })).toHaveText(`Ride ${reference}`)
  await expect(friend.getByRole('region', { name: 'Ride status' })).toContainText(
    'Booking confirmed',
  )
  await expect(friend.getByRole('region', { name: 'The trip' })).toContainText('PC2010')
  const shown = (await friend.locator('main').textContent())!
  for (const hidden of ['ayse@example.com', '+90 532 123 45 67', 'Bağdat', 'Paid by card', '€']) {
    expect(shown, hidden).not.toContain(hidden)
  }
  await expect(
    friend.getByRole('link', { name: /invoice|voucher|Change details|Cancel/i }),
  ).toHaveCount(0)
  await expectNoAxeViolations(friend, testInfo)
  await openIn(friend, shareUrl, 'tr')
  await expect(friend.getByRole('heading', { level: 1 })).toHaveText(`${reference} yolculuğu`)
  await expectNoAxeViolations(friend, testInfo)
  await friend.context().close()

  // Staff see the new flight number and the traveller's change in the audit log.
  const dispatcher = newAccount(testInfo, 'dispatcher', 'traveller-desk')
  const desk = await stranger(browser, js, baseURL!)
  await desk.goto(`/ops/bookings/${reference}`)
  await signIn(desk, dispatcher.email, dispatcher.password)
  await expect(desk).toHaveURL(new RegExp(`/ops/bookings/${reference}$`))
  await expect(desk.locator('article')).toContainText('PC2010')
  const audit = desk.getByRole('region', { name: 'Staff actions' })
  const change = audit.getByRole('row').filter({ hasText: 'Details changed' })
  await expect(change).toContainText('Traveller (online)')
  await expect(change).toContainText('Flight number: TK1984 → PC2010')
  await expect(audit.getByRole('row').filter({ hasText: 'Booking link sent again' })).toHaveCount(1)

  // Cancel, 48 hours or more ahead: one confirmed action refunds in full.
  await visitor.getByRole('link', { name: 'Cancel booking' }).click()
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Cancel booking ${reference}`)
  const confirm = visitor.getByRole('button', { name: /^Cancel the booking and refund €[\d.,]+$/ })
  const amount = (await confirm.textContent())!.replace('Cancel the booking and refund ', '')
  await expectNoAxeViolations(visitor, testInfo)
  await confirm.click()
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Your booking is cancelled')
  await expect(visitor.getByRole('status')).toHaveText(
    `Your booking is cancelled and ${amount} is refunded to your card. We have sent you the details by e-mail.`,
  )
  const cancelledRide = visitor.getByRole('region', { name: 'Your ride', exact: true })
  await expect(
    cancelledRide.getByRole('listitem').filter({ hasText: 'Amount refunded' }),
  ).not.toContainText('Under way')
  await expect(visitor.getByRole('link', { name: 'Change details' })).toHaveCount(0)
  await expectNoAxeViolations(visitor, testInfo)

  // The refund at the simulator and in the e-mail; staff see the traveller's cancellation.
  await visitor.goto(`/payment-simulator/${paidToken(reference)}`)
  await expect(visitor.getByRole('heading', { name: 'Refunds of this payment' })).toBeVisible()
  await expect(visitor.getByText(/refunded \(refund SR\d+/)).toBeVisible()
  const [cancelMail] = await mailsWith(
    ['To: ayse@example.com', `Your booking ${reference} is cancelled`],
    1,
  )
  expect(cancelMail).toContain(`We are refunding ${amount} to the card you paid with.`)
  await desk.reload()
  await expect(
    desk
      .getByRole('region', { name: 'Staff actions' })
      .getByRole('row')
      .filter({ hasText: 'Booking cancelled' }),
  ).toContainText('Traveller (online)')
  await desk.context().close()
  await visitor.context().close()
})
