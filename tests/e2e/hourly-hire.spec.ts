import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, istanbulDateIn } from './helpers'
import {
  bookNowAndPay,
  fillBilling,
  fillPassenger,
  passengerForm,
  summary,
  total,
  tripTime,
} from './booking-helpers'
import { decodeMail, mailsWith } from './database'
import { newAccount, signIn } from './staff-helpers'

/**
 * Hire by the hour, with JavaScript and without: from the home banner's 'By
 * the hour' tab, four hours of a Business Luxury Minivan from Kadıköy, priced
 * by the hour on the server, through the steps and the simulator; the booking
 * says "4 hours" where a transfer names its destination, the confirmation's
 * calendar event lasts four hours, and the staff board shows the job.
 */
test('four hours with a Business Luxury Minivan, from the home page to the board', async ({
  page,
}, testInfo) => {
  const day = istanbulDateIn(2)
  const time = tripTime(testInfo, 11)
  const js = testInfo.project.name === 'js'

  await page.goto('/')
  // A tab with a script; without one, a link to the form that then shows.
  await page.getByRole(js ? 'tab' : 'link', { name: 'By the hour' }).click()
  const form = page.getByRole('form', { name: 'Hire a car and driver by the hour' })
  await expect(form).toBeVisible()
  await expect(page.getByRole('form', { name: 'Search for a ride' })).toBeHidden()
  await expectNoAxeViolations(page, testInfo)
  await form.getByLabel('Pickup Location').fill('Kadıköy')
  await form.getByLabel('Date').fill(day)
  await form.getByLabel('Time').selectOption(time)
  await form.getByLabel('Hours').selectOption('4')
  await form.getByRole('button', { name: 'Search' }).click()

  // Priced by the hour: 4 × 50 EUR, 60 km included, the hourly form still filled.
  await expect(page).toHaveURL(/\/booking-vehicle\?.*mode=hourly/)
  const trip = page.getByRole('region', { name: 'Your trip' })
  await expect(trip).toContainText('4 hours')
  await expect(trip).toContainText('60 km')
  // No destination: a hire is driven as directed from its pickup.
  await expect(trip.getByText('To', { exact: true })).toHaveCount(0)
  const offer = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Business Luxury Minivan' }) })
  await expect(offer).toContainText('€200')
  await expect(
    page.getByRole('form', { name: 'Hire a car and driver by the hour' }).getByLabel('Hours'),
  ).toHaveValue('4')
  await expectNoAxeViolations(page, testInfo)
  await offer.getByRole('button', { name: 'Select Business Luxury Minivan' }).click()

  await expect(page).toHaveURL(/\/booking-extra$/)
  await expect(summary(page)).toContainText('4 hours')
  await expect(total(page)).toHaveText('€200')
  await page.getByRole('button', { name: 'Continue' }).click()
  await fillPassenger(page)
  await passengerForm(page).getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/booking-payment$/)
  await fillBilling(page)
  const reference = await bookNowAndPay(page, testInfo)
  const voucher = page.getByRole('article', { name: /voucher/i })
  await expect(voucher).toContainText('By the hour')
  await expect(voucher).toContainText('4 hours')

  // The invoice names the hire, its start and what it includes.
  await page.goto('/invoice')
  await expect(page.getByRole('article', { name: 'Invoice' })).toContainText(
    'Business Luxury Minivan with driver, by the hour',
  )
  await expect(page.getByRole('article', { name: 'Invoice' })).toContainText(
    'From Kadıköy, 4 hours, 60 km included',
  )

  // The e-mail: the hire in the trip, and a calendar event of four hours.
  const [raw] = await mailsWith([reference, 'text/calendar'], 1)
  const mail = decodeMail(raw!)
  expect(mail.body).toContain('By the hour')
  const calendar = Buffer.from(
    /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/
      .exec(raw!)![1]!
      .replace(/\s/g, ''),
    'base64',
  ).toString('utf8')
  const [start, end] = ['DTSTART', 'DTEND'].map(
    (name) => new RegExp(`${name};TZID=Europe/Istanbul:(\\d{8}T\\d{6})`).exec(calendar)![1]!,
  )
  const hours = (value: string) => Number(value.slice(9, 11)) + Number(value.slice(11, 13)) / 60
  expect(hours(end!) - hours(start!)).toBe(4)

  // The staff board lists the job as a hire.
  const admin = newAccount(testInfo, 'admin', 'hourly')
  await page.goto('/ops/sign-in')
  await signIn(page, admin.email, admin.password)
  await page.goto(`/ops?day=${day}`)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) })
  await expect(row).toContainText('Kadıköy, hire by the hour for 4 hours')
  await expectNoAxeViolations(page, testInfo)
})
