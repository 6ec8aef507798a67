import { expect, test, type Page } from '@playwright/test'
import { istanbulDateIn, openIn, type Language } from './helpers'
import { vehicleStep, tripTime } from './booking-helpers'
import {
  checkEveryBookingStep,
  checkEveryPublicPage,
  expectReadable,
  overlappingText,
  settle,
} from './layout'

/**
 * Text-only zoom at 200 % (WCAG 1.4.4). Chromium's text-only zoom is its font-size
 * setting (Settings > Appearance > Font size): it sets the default font size, which
 * rem, em and the stylesheet's breakpoints (container queries in rem) follow while
 * CSS px stay put, as Firefox's "Zoom text only" does. The site sizes all its text in rem and em, so a default of
 * 32 px, twice the usual 16 px, is text at 200 %. It is set here through the DevTools
 * protocol (Page.setFontSizes) before the page loads. Page zoom needs no test of its
 * own: at 400 % a 1280 px window is the 320 px of the reflow spec.
 */
async function enlargeText(page: Page) {
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } })
}

async function expectTextEnlarged(page: Page) {
  expect(
    await page.evaluate(() => getComputedStyle(document.documentElement).fontSize),
    'the default font size the page sees',
  ).toBe('32px')
}

test.use({ viewport: { width: 1280, height: 800 } })

for (const language of ['en', 'tr'] as Language[]) {
  test(`the header turns to the menu button at 200 % text, phone and language in reach, in ${language}`, async ({
    page,
  }, testInfo) => {
    await enlargeText(page)
    await openIn(page, '/about', language)
    await settle(page, testInfo)
    await expectTextEnlarged(page)
    await expect(page.locator('.nav--main')).toBeHidden()
    for (const control of ['.logo', '.header-phone', '.language-toggle', '.burger']) {
      await expect(page.locator(`.site-header__bar ${control}`)).toBeInViewport({ ratio: 1 })
    }
    await expectReadable(page, 'the header at 200 % text')
    await page.locator('.burger').click()
    const menu = page.locator('#mobile-menu')
    await expect(menu).toBeVisible()
    await expect(menu.locator('.nav__link')).toHaveCount(6)
    await expect(menu.locator('.nav__link').last()).toBeInViewport()
  })

  test(`at the usual text size the full navigation fits from 1152 px, in ${language}`, async ({
    page,
  }, testInfo) => {
    // 72rem, where the header's breakpoint lies: the links are shown and fit on one line each.
    await page.setViewportSize({ width: 1152, height: 800 })
    await openIn(page, '/about', language)
    await settle(page, testInfo)
    await expect(page.locator('.nav--main')).toBeVisible()
    await expect(page.locator('.site-header__bar .burger')).toBeHidden()
    const links = page.locator('.nav--main .nav__link')
    for (const link of await links.all()) {
      const lines = await link.evaluate((element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size
      })
      expect(lines, `lines of "${await link.textContent()}"`).toBe(1)
    }
    for (const control of ['.logo', '.header-phone', '.language-toggle']) {
      await expect(page.locator(`.site-header__bar ${control}`)).toBeInViewport({ ratio: 1 })
    }
    await expectReadable(page, 'the full header')
    // One pixel narrower, the menu button takes over.
    await page.setViewportSize({ width: 1151, height: 800 })
    await expect(page.locator('.nav--main')).toBeHidden()
    await expect(page.locator('.site-header__bar .burger')).toBeInViewport({ ratio: 1 })
  })

  test(`vehicle cards at 200 % text keep prices clear of the model names, in ${language}`, async ({
    page,
  }, testInfo) => {
    await enlargeText(page)
    const time = tripTime(testInfo, language === 'en' ? 38 : 39)
    // 1920 px holds the cards' three-column layout even at 200 %; 1280 px stacks them.
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      await openIn(page, vehicleStep(time), language)
      await settle(page, testInfo)
      await expectTextEnlarged(page)
      await expect(page.locator('.offer')).toHaveCount(4)
      for (const offer of await page.locator('.offer').all()) {
        const price = (await offer.locator('.offer__price').boundingBox())!
        const models = (await offer.locator('.offer__models').boundingBox())!
        const apart =
          price.x >= models.x + models.width ||
          models.x >= price.x + price.width ||
          price.y >= models.y + models.height ||
          models.y >= price.y + price.height
        expect(apart, `price and model names of a card apart at ${width} px`).toBe(true)
      }
      expect.soft(await overlappingText(page), `text over text at ${width} px`).toEqual([])
      await expectReadable(page, `the vehicle step at ${width} px`)
    }
  })

  test(`the search's date and time show their text at 200 %, in ${language}`, async ({
    page,
  }, testInfo) => {
    await enlargeText(page)
    await openIn(page, '/', language)
    await settle(page, testInfo)
    await expectTextEnlarged(page)
    const time = page.locator('#home-search-time')
    await time.selectOption('10:00')
    for (const field of [time, page.locator('#home-search-date')]) {
      const fits = await field.evaluate((element) => {
        const style = getComputedStyle(element)
        const content =
          element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
        return content >= parseFloat(style.fontSize) * 1.1
      })
      expect(fits, `${await field.getAttribute('id')} tall enough for its text`).toBe(true)
    }
  })

  test(`every public page reads at 200 % text in ${language}`, async ({ page }, testInfo) => {
    await enlargeText(page)
    await checkEveryPublicPage(page, testInfo, language)
    await expectTextEnlarged(page)
  })

  test(`every booking step and its errors read at 200 % text in ${language}`, async ({
    page,
  }, testInfo) => {
    await enlargeText(page)
    await checkEveryBookingStep(page, testInfo, language, language === 'en' ? 34 : 35)
    await expectTextEnlarged(page)
  })
}

/**
 * The other way text gets enlarged: the page's root font size at 200 % (a reader's
 * own style sheet, a bookmarklet). A media query in em would still measure 16 px and
 * keep the wide layout under text twice as large; the stylesheet's breakpoints are
 * container queries in rem, which follow it. At 1280 px, and at 390 px, where the
 * text has as little room as in a 195 px window at the usual size.
 */
for (const language of ['en', 'tr'] as Language[]) {
  for (const width of [1280, 390]) {
    test(`every public page reads with the root font size at 200 % at ${width} px in ${language}`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 800 })
      await checkEveryPublicPage(page, testInfo, language, { rootFontSize: '200%' })
    })

    test(`every booking step and its errors read with the root font size at 200 % at ${width} px in ${language}`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 800 })
      // The slots of the text-zoom walk above, on days of their own.
      await checkEveryBookingStep(page, testInfo, language, language === 'en' ? 34 : 35, {
        rootFontSize: '200%',
        day: istanbulDateIn(width === 1280 ? 8 : 9),
      })
    })
  }
}
