import { expect, test, type Page, type TestInfo } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import {
  expectNoAxeViolations,
  openIn,
  tomorrowInIstanbul,
  waitForHydration,
  type Language,
} from './helpers'
import {
  bookAndPay,
  cards,
  chooseVehicle,
  fillStepsToBookNow,
  tripTime,
  fillPassengerIdentity,
} from './booking-helpers'

/**
 * Keyboard, focus and screen-reader behaviour: where the focus goes after a
 * navigation, in and out of every dialog, on a notice a page is opened with,
 * from an error summary to its field; and names that say what is shown.
 * Slots 38 and 39 keep these trips apart from the other booking specs'.
 */

const scripted = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false

const text = {
  en: {
    about: 'About',
    aboutTitle: /^About Us$/,
    contact: 'Contact',
    sorry: 'We are Sorry!',
    okay: 'Okay',
    regions: 'Istanbul, Bursa, Yalova, Kocaeli, Sapanca, Sakarya, Bolu, Antalya',
    openMenu: 'Open menu',
    video: 'Watch how it works',
    videoTitle: 'Your ride with us',
    choose: 'Choose language',
    errorPrefix: 'Error: ',
    continue: 'Continue',
    firstName: 'First Name',
    passengerTitle: 'Passenger details',
    extrasTitle: 'Add extras',
  },
  tr: {
    about: 'Hakkımızda',
    aboutTitle: /^Hakkımızda$/,
    contact: 'İletişim',
    sorry: 'Üzgünüz!',
    okay: 'Tamam',
    regions: 'İstanbul, Bursa, Yalova, Kocaeli, Sapanca, Sakarya, Bolu, Antalya',
    openMenu: 'Menüyü açın',
    video: 'Nasıl çalıştığını izleyin',
    videoTitle: 'Bizimle yolculuğunuz',
    choose: 'Dil seçin',
    errorPrefix: 'Hata: ',
    continue: 'Devam',
    firstName: 'Ad',
    passengerTitle: 'Yolcu bilgileri',
    extrasTitle: 'Ekstra ekleyin',
  },
} satisfies Record<Language, Record<string, string | RegExp>>

const languages: Language[] = ['en', 'tr']

/**
 * Where each of `count` presses of Tab lands: inside the open dialog (`container`),
 * on the body (the browser's own controls, between two rounds), or outside.
 */
async function tabStops(page: Page, container: string, count: number): Promise<string[]> {
  const stops: string[] = []
  for (let press = 0; press < count; press++) {
    await page.keyboard.press('Tab')
    stops.push(
      await page.evaluate((selector) => {
        const active = document.activeElement
        if (!active || active === document.body) return 'body'
        if (active.closest(selector)) return 'inside'
        const label = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim()
        return `outside: <${active.tagName.toLowerCase()}> ${label.slice(0, 40)}`
      }, container),
    )
  }
  return stops
}

/** Tab never leaves the open dialog for the page under it. */
async function expectTabToStayIn(page: Page, container: string, presses = 12) {
  const stops = await tabStops(page, container, presses)
  expect(stops.filter((stop) => stop.startsWith('outside'))).toEqual([])
  expect(stops).toContain('inside')
}

const announcer = (page: Page) => page.locator('[data-route-announcer]')
const heading = (page: Page) => page.getByRole('heading', { level: 1 })

for (const language of languages) {
  test(`a link loads the next page, where the keyboard starts again at the skip link (${language})`, async ({
    page,
  }, testInfo) => {
    const words = text[language]
    // No page is hydrated (docs/performance.md): with scripts as without, a link loads
    // a document and the browser starts again at the top, where the skip link is first.
    await openIn(page, '/contact', language)
    if (scripted(testInfo)) await waitForHydration(page)
    await page.locator('.nav--main').getByRole('link', { name: words.about }).click()
    await expect(heading(page)).toHaveText(words.aboutTitle)
    await expect(page).toHaveURL(/\/about$/)
    await page.keyboard.press('Tab')
    await expect(page.locator('.skip-link')).toBeFocused()
    // A page load is announced by the browser itself: the page's own announcer stays silent.
    await expect(announcer(page)).toHaveText('')
  })
}

test('from the payment simulator, the one page React hydrates, a link to a page of text moves the focus to its heading', async ({
  page,
}, testInfo) => {
  test.skip(!scripted(testInfo), 'without JavaScript every link loads a document')
  await chooseVehicle(page, tripTime(testInfo, 28))
  await fillStepsToBookNow(page, { childSeat: true, paymentOption: 'fullCard' })
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await waitForHydration(page)
  // A mark on the window survives only a navigation rendered in place, not a page load.
  await page.evaluate(() => Object.assign(window, { stayedInPlace: true }))
  await page.locator('footer').getByRole('link', { name: 'About us' }).click()
  await expect(heading(page)).toHaveText(text.en.aboutTitle)
  expect(await page.evaluate(() => 'stayedInPlace' in window)).toBe(true)
  // So the root layout does what a page load would: the heading takes the focus and
  // the new title is announced.
  await expect(announcer(page)).toHaveText(/^About Us \| /)
  await expect(heading(page)).toBeFocused()
})

test('a search that keeps its form keeps the focus on it', async ({ page }, testInfo) => {
  test.skip(!scripted(testInfo), 'a page load without JavaScript starts the focus at the top')
  await page.goto('/fleet-list')
  await waitForHydration(page)
  await page.getByLabel('Vehicle type').selectOption('Van')
  const filter = page.getByRole('button', { name: 'Filter', exact: true })
  await filter.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/type=Van/)
  await expect(page.locator('.vehicle-card')).toHaveCount(1)
  await expect(filter).toBeFocused()
})

for (const language of languages) {
  test(`the out-of-area dialog the server opens is modal: first, alone in the Tab order, closed to the field (${language})`, async ({
    page,
  }, testInfo) => {
    const words = text[language]
    await openIn(
      page,
      `/booking-vehicle?date=${tomorrowInIstanbul()}&time=10:00&pickup=SAW&destination=Trabzon`,
      language,
    )
    const dialog = page.getByRole('dialog', { name: words.sorry })
    await expect(dialog).toContainText(words.regions)
    const okay = dialog.getByRole('button', { name: words.okay })
    if (scripted(testInfo)) {
      await waitForHydration(page)
      await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
    } else {
      // Without scripts: first in the page, the rest of it inert, its button focused on load.
      const first = await page.evaluate(
        () => document.querySelector('main')?.firstElementChild?.tagName,
      )
      expect(first).toBe('DIALOG')
      expect(
        await page.evaluate(() => document.querySelector('header')?.closest('[inert]') !== null),
      ).toBe(true)
    }
    await expect(okay).toBeFocused()
    await expectTabToStayIn(page, 'dialog[aria-labelledby="out-of-area-title"]')
    await expectNoAxeViolations(page, testInfo)

    const destination = page.locator('#vehicle-search-destination')
    if (scripted(testInfo)) {
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      // No opener to go back to: the focus goes to the field the notice is about.
      await expect(destination).toBeFocused()
      await expect(page.locator('header')).not.toHaveAttribute('inert')
    } else {
      await okay.focus()
      await page.keyboard.press('Enter')
      await expect(dialog).toHaveCount(0)
      await expect(page).toHaveURL(/dialog=closed/)
    }
    // The page under it is usable again, and the message stays beside the search.
    expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0)
    await expect(destination).toHaveValue('Trabzon')
    await expect(destination).toHaveAttribute('aria-invalid', 'true')
    const describedBy = await destination.getAttribute('aria-describedby')
    expect(describedBy).toBeTruthy()
    await expect(page.locator(`#${describedBy}`)).toContainText(words.regions)
    await expectNoAxeViolations(page, testInfo)
  })
}

test('the home apology is modal, closes on Escape and gives the focus back to Search', async ({
  page,
}, testInfo) => {
  test.skip(!scripted(testInfo), 'without JavaScript the vehicle step shows it (tested above)')
  await page.goto('/')
  await waitForHydration(page)
  const form = page.getByRole('form', { name: 'Search for a ride' })
  await form.getByLabel('Pickup Location').fill('Ankara')
  await form.getByLabel('Destination').fill('SAW')
  await form.getByLabel('Time', { exact: true }).selectOption('10:00')
  const search = form.getByRole('button', { name: 'Search' })
  await search.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'We are Sorry!' })
  await expect(dialog).toBeVisible()
  await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
  await expect(dialog.getByRole('button', { name: 'Okay' })).toBeFocused()
  await expectTabToStayIn(page, '.notice-dialog')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(search).toBeFocused()
})

for (const language of languages) {
  test(`the phone menu and the video keep Tab inside while open and give the focus back (${language})`, async ({
    page,
  }) => {
    const words = text[language]
    await page.setViewportSize({ width: 390, height: 844 })
    await openIn(page, '/', language)
    const burger = page.getByRole('button', { name: words.openMenu })
    await burger.click()
    const menu = page.locator('#mobile-menu')
    await expect(menu).toBeVisible()
    await expectTabToStayIn(page, '#mobile-menu', 16)
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(burger).toBeFocused()

    const open = page.getByRole('button', { name: words.video })
    await open.click()
    const video = page.getByRole('dialog', { name: words.videoTitle })
    await expect(video).toBeVisible()
    await expectTabToStayIn(page, '#video-modal', 6)
    await page.keyboard.press('Escape')
    await expect(video).toBeHidden()
    await expect(open).toBeFocused()
  })
}

for (const language of languages) {
  test(`the language button and the logo are named by what they show (${language})`, async ({
    page,
  }, testInfo) => {
    const words = text[language]
    await openIn(page, '/', language)
    const header = page.locator('.site-header__bar')
    const toggle = header.getByRole('button', { name: words.choose })
    await expect(toggle).toHaveAccessibleName(new RegExp(`^${language.toUpperCase()}\\b`))
    const logo = header.getByRole('link').first()
    const shown = (await logo.textContent())?.replace(/\s+/g, ' ').trim()
    expect(shown).toBe('Marmara Chauffeur')
    await expect(logo).toHaveAccessibleName(shown!)
    // axe's check of names against visible labels (not on by default; axe needs scripts).
    if (!scripted(testInfo)) return
    const results = await new AxeBuilder({ page })
      .withRules(['label-content-name-mismatch'])
      .include('header')
      .analyze()
    expect(results.violations.map((violation) => violation.nodes.map((node) => node.html))).toEqual(
      [],
    )
  })
}

test('each booking step loads as a page and its error summary links to the fields', async ({
  page,
}, testInfo) => {
  const words = text.en
  // The steps are not hydrated: Select posts its form and the extras step loads as
  // a document, where the browser starts the focus at the top.
  await chooseVehicle(page, tripTime(testInfo, 27))
  await expect(heading(page)).toHaveText(words.extrasTitle)
  // No step is hydrated: Continue posts its form and the next step loads as a document.
  if (scripted(testInfo)) await waitForHydration(page)
  await page.getByRole('button', { name: words.continue }).click()
  await expect(page).toHaveURL(/\/booking-passenger$/)
  await expect(heading(page)).toHaveText(words.passengerTitle)

  // The Turkish page the same way: its summary in Turkish, its title starting 'Hata: '.
  for (const language of languages) {
    const local = text[language]
    await openIn(page, '/booking-passenger', language)
    if (scripted(testInfo)) await waitForHydration(page)
    const form = page.locator('#passenger-form')
    await form.getByLabel(local.firstName, { exact: true }).fill('')
    await form.getByRole('button', { name: local.continue }).click()
    const summary = page.locator('.error-summary')
    const firstName = form.getByLabel(local.firstName, { exact: true })
    if (scripted(testInfo)) {
      // The browser checks the form: the focus goes to the first wrong field.
      await expect(firstName).toBeFocused()
    } else {
      // Refused by the server: the summary is what the reloaded page focuses.
      await expect(summary).toBeFocused()
    }
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${local.errorPrefix}`))
    const link = summary.getByRole('link', { name: new RegExp(`^${local.firstName}: \\S`) })
    await expect(link).toHaveAttribute('href', '#passenger-form-name')
    await summary.getByRole('link').last().click()
    await expect(form.locator(':focus')).toHaveCount(1)
    await link.click()
    await expect(firstName).toBeFocused()
    await expectNoAxeViolations(page, testInfo)
  }
})

test('a declined card: the notice takes the focus, the title says Error, the terms stay ticked', async ({
  page,
}, testInfo) => {
  await chooseVehicle(page, tripTime(testInfo, 26))
  await fillStepsToBookNow(page)
  await page.getByRole('button', { name: 'Book Now' }).click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await page.getByLabel('Card number').fill(cards.declined)
  await page.getByRole('button', { name: /^Pay / }).click()
  if (!scripted(testInfo)) {
    // The provider's page after paying: its message is the live region, not the form.
    await expect(page.getByRole('status')).toBeVisible()
    expect(await page.locator('form[role]').count()).toBe(0)
    await page.getByRole('button', { name: 'Return to Marmara Chauffeur' }).click()
  }
  await expect(page).toHaveURL(/\/booking-payment\?notice=paymentDeclined$/)
  const notice = page.getByRole('alert').filter({ hasText: 'Your card was declined' })
  await expect(notice).toBeFocused()
  expect(await page.title()).toMatch(/^Error: /)
  if (scripted(testInfo)) {
    await waitForHydration(page)
    // Hydration keeps the title the server gave.
    await expect.poll(() => page.title()).toMatch(/^Error: /)
  }
  await expect(page.getByLabel(/I have read and accept/)).toBeChecked()
  await expectNoAxeViolations(page, testInfo)

  // The same page in Turkish.
  await openIn(page, '/booking-payment?notice=paymentDeclined', 'tr')
  await expect(page.getByRole('alert').filter({ hasText: 'reddedildi' })).toBeFocused()
  expect(await page.title()).toMatch(/^Hata: /)
  // The terms stay accepted; the invoice-to-a-company box was never ticked.
  await expect(page.getByRole('checkbox', { name: /Hizmet Şartları/ })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Şirkete fatura' })).not.toBeChecked()
})

test('the received page: refused names are summarised with links, and Reservation Completed is modal', async ({
  page,
}, testInfo) => {
  await bookAndPay(page, tripTime(testInfo, 23), testInfo)
  await page.getByRole('button', { name: '+ Add Passenger' }).click()
  const second = page.getByLabel('Passenger 2: first name')
  await expect(second).toBeVisible()
  await page.getByRole('button', { name: 'Complete Reservation' }).click()
  const summary = page.locator('.error-summary')
  await expect(summary).toContainText('Please enter the first and last name')
  await expect(summary).toBeFocused()
  const link = summary.getByRole('link', { name: /^Passenger 2: first name – / })
  await expect(link).toHaveAttribute('href', '#passenger-1-firstname')
  await link.click()
  await expect(second).toBeFocused()
  await expect(second).toHaveAttribute('aria-invalid', 'true')
  const describedBy = await second.getAttribute('aria-describedby')
  await expect(page.locator(`#${describedBy}`)).toHaveText(/\S/)
  await expectNoAxeViolations(page, testInfo)

  await second.fill('Mehmet')
  await page.getByLabel('Passenger 2: last name').fill('Yılmaz')
  await fillPassengerIdentity(page, 1, { nationality: 'Türkiye', document: '10000000146' })
  await fillPassengerIdentity(page, 2)
  await page.getByRole('button', { name: 'Complete Reservation' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reservation Completed' })
  await expect(dialog).toContainText('Your reservation has been successfully completed!')
  const close = dialog.getByRole('button', { name: 'Close' })
  await expect(close).toBeFocused()
  if (scripted(testInfo)) {
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
  } else {
    expect(
      await page.evaluate(() => document.querySelector('main')?.firstElementChild?.tagName),
    ).toBe('DIALOG')
  }
  await expectTabToStayIn(page, 'dialog[aria-labelledby="completed-title"]')
  await expectNoAxeViolations(page, testInfo)
  if (scripted(testInfo)) {
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    // Back to the page, not lost on the body.
    expect(
      await page.evaluate(
        () =>
          document.activeElement !== document.body && !document.activeElement?.closest('dialog'),
      ),
    ).toBe(true)
  } else {
    await close.focus()
    await page.keyboard.press('Enter')
    await expect(dialog).toHaveCount(0)
    // The same page without the dialog (a GET form: an empty query).
    await expect(page).toHaveURL(/\/booking-received\??$/)
  }
  expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0)

  // The same dialog in Turkish.
  await openIn(page, '/booking-received?completed=1', 'tr')
  const turkish = page.getByRole('dialog', { name: 'Rezervasyon Tamamlandı' })
  await expect(turkish.getByRole('button', { name: 'Kapatın' })).toBeFocused()
  await expectTabToStayIn(page, 'dialog[aria-labelledby="completed-title"]')
  await expectNoAxeViolations(page, testInfo)
})
