import { expect, test, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import {
  cards,
  fillArrivingFlight,
  fillBilling,
  passengerForm,
  payWith,
  receivedReference,
  tripTime,
} from './booking-helpers'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import { newAccount, signIn } from './staff-helpers'
import { fakeTwilioUrl, messagesSitePort, whatsappTemplates } from './messages-settings'

/**
 * The passenger step on a site with a messaging provider (the fourth test
 * server, sending through a local server that speaks Twilio's protocol): the
 * traveller chooses WhatsApp, SMS or e-mail only, with and without JavaScript;
 * a number that cannot take texts is refused beside the field; the confirmation
 * goes by the chosen channel, and its delivery report reaches the booking.
 */
test.use({ baseURL: `http://localhost:${messagesSitePort}` })

interface FakeMessage {
  sid: string
  channel: 'sms' | 'whatsapp'
  params: Record<string, string>
}

async function messagesTo(page: Page, to: string): Promise<FakeMessage[]> {
  const response = await page.request.get(`${fakeTwilioUrl}/__fake/messages`)
  const all = (await response.json()) as FakeMessage[]
  return all.filter((message) => message.params.To?.replace(/^whatsapp:/, '') === to)
}

function storedMessages(reference: string) {
  const database = new Database(`data/e2e-${messagesSitePort}.sqlite`, { fileMustExist: true })
  database.pragma('busy_timeout = 5000')
  try {
    return database
      .prepare(
        `select m.kind, m.channel, m.status, m.recipient from outgoing_messages m
           join bookings b on b.id = m.booking_id where b.reference = ? order by m.id`,
      )
      .all(reference) as { kind: string; channel: string; status: string; recipient: string }[]
  } finally {
    database.close()
  }
}

async function toPassengerStep(page: Page, time: string, day: string) {
  await page.goto(`/booking-vehicle?date=${day}&time=${time}&pickup=SAW&destination=Şile`)
  await page.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-passenger$/)
}

async function fillTraveller(page: Page, phone: string) {
  const form = passengerForm(page)
  await form.getByLabel('First Name').fill('Ayşe')
  await form.getByLabel('Last Name').fill('Yılmaz')
  await form.getByLabel('Email').fill('ayse@example.com')
  await form.getByLabel('Phone').fill(phone)
  await form.getByLabel('Passengers').selectOption('2')
  await form.getByLabel('Luggage').selectOption('2')
  await fillArrivingFlight(form)
}

test('asks how ride updates are sent, refuses a landline for texts beside the phone, and sends the confirmation by WhatsApp', async ({
  page,
}, testInfo) => {
  // A day of its own per project, so the two runs never share a trip.
  const day = istanbulDateIn(testInfo.project.name === 'js' ? 3 : 4)
  await toPassengerStep(page, tripTime(testInfo, 2), day)
  const form = passengerForm(page)
  const choice = form.getByRole('group', { name: 'Send my ride updates by' })
  await expect(choice).toContainText('Reply STOP to stop them.')
  await expect(choice.getByRole('radio')).toHaveCount(3)
  await expectNoAxeViolations(page, testInfo)

  // Nothing chosen: the choice is asked for beside it, and nothing typed is lost.
  await fillTraveller(page, '0212 555 01 00')
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(choice).toContainText('Please choose how we send your ride updates.')
  await expect(form.getByLabel('Phone')).toHaveValue(/212 555 01 00/)

  // SMS to a landline: refused beside the phone by the server, which knows the number's type.
  await choice.getByRole('radio', { name: 'SMS, as well as e-mail' }).check()
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-passenger$/)
  const phoneError = form.locator('#passenger-form-phone-error')
  await expect(phoneError).toHaveText(
    'This number cannot receive WhatsApp or SMS. Please give a mobile number, or choose e-mail only.',
  )
  await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true')
  await expect(choice.getByRole('radio', { name: 'SMS, as well as e-mail' })).toBeChecked()
  await expectNoAxeViolations(page, testInfo)

  // A mobile number and WhatsApp: on to payment, and the confirmation goes by WhatsApp.
  const mobile = testInfo.project.name === 'js' ? '+905325550141' : '+905325550142'
  await form.getByLabel('Phone').fill(mobile)
  await choice.getByRole('radio', { name: 'WhatsApp, as well as e-mail' }).check()
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  await fillBilling(page)
  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book Now' }).click()
  await payWith(page, cards.success, testInfo)
  await expect(page).toHaveURL(/\/booking-received$/)
  const reference = await receivedReference(page)

  await expect.poll(async () => (await messagesTo(page, mobile)).length).toBe(1)
  const [sent] = await messagesTo(page, mobile)
  expect(sent!.channel).toBe('whatsapp')
  expect(sent!.params.ContentSid).toBe(whatsappTemplates['confirmed.en'])
  const variables = JSON.parse(sent!.params.ContentVariables!) as Record<string, string>
  expect(variables['1']).toBe(reference)
  expect(variables['4']).toMatch(
    new RegExp(`^http://localhost:${messagesSitePort}/r/${reference.slice(3)}\\.[\\w-]{8}$`),
  )
  // The short link opens the ride page.
  await page.context().clearCookies()
  await page.goto(variables['4']!)
  await expect(page).toHaveURL(/\/booking-received\?key=/)
  await expect(page.locator('main')).toContainText(reference)

  // Twilio reports it delivered, by a signed request to the site.
  const reported = await page.request.post(`${fakeTwilioUrl}/__fake/report`, {
    data: { sid: sent!.sid, status: 'delivered' },
  })
  expect(await reported.json()).toEqual({ answered: 204 })
  expect(storedMessages(reference)).toContainEqual({
    kind: 'text.confirmed',
    channel: 'whatsapp',
    status: 'delivered',
    recipient: mobile,
  })
})

test('staff write to the traveller by text from the booking’s page, a text too long refused beside it', async ({
  page,
}, testInfo) => {
  const day = istanbulDateIn(testInfo.project.name === 'js' ? 5 : 6)
  await toPassengerStep(page, tripTime(testInfo, 3), day)
  const mobile = testInfo.project.name === 'js' ? '+905325550151' : '+905325550152'
  await fillTraveller(page, mobile)
  const form = passengerForm(page)
  await form.getByRole('radio', { name: 'SMS, as well as e-mail' }).check()
  await form.getByRole('button', { name: 'Continue' }).click()
  await fillBilling(page)
  await page.getByLabel(/I have read and accept/).check()
  await page.getByRole('button', { name: 'Book Now' }).click()
  await payWith(page, cards.success, testInfo)
  const reference = await receivedReference(page)

  await page.context().clearCookies()
  const { email, password } = newAccount(testInfo, 'dispatcher', 'writer', messagesSitePort)
  await page.goto('/ops/sign-in')
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/ops(\?|$)/)
  await page.goto(`/ops/bookings/${reference}`)
  await page.getByRole('link', { name: 'Write to the traveller' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Write to the traveller of ${reference}`,
  )
  const byText = page.getByRole('radio', {
    name: `SMS to ${mobile.replace(/^\+90(\d{3})(\d{3})(\d{2})(\d{2})$/, '+90 $1 $2 $3 $4')}`,
  })
  await expect(byText).toBeChecked()
  const message = page.getByLabel('Message')
  await message.fill('Your driver is late. '.repeat(20))
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('#message-text-error')).toHaveText(
    /^This is too long for a text message: take out \d+ characters, or send it by e-mail\.$/,
  )
  await expect(message).toHaveValue('Your driver is late. '.repeat(20))
  await expectNoAxeViolations(page, testInfo)

  await message.fill('Your driver is ten minutes late because of traffic on the bridge.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page).toHaveURL(new RegExp(`/ops/bookings/${reference}\\?done=message-text$`))
  await expect(page.getByRole('status')).toHaveText(
    'The message is on its way to the traveller by text.',
  )
  await expect
    .poll(async () => (await messagesTo(page, mobile)).map((sent) => sent.params.Body))
    .toContain(
      `Marmara Chauffeur ${reference}: Your driver is ten minutes late because of traffic on the bridge.`,
    )
  const messages = page.getByRole('region', { name: 'Messages' })
  await expect(messages).toContainText('Message from staff (text)')
})

test('refuses a delivery report without a valid signature', async ({ page }) => {
  const answer = await page.request.post('/webhooks/twilio/status', {
    form: { MessageSid: 'SM0', MessageStatus: 'delivered' },
    headers: { 'X-Twilio-Signature': 'bm90LWEtc2lnbmF0dXJl' },
  })
  expect(answer.status()).toBe(403)
})
