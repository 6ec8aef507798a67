import { expect, test } from '@playwright/test'
import { openIn, type Language } from './helpers'
import { checkEveryBookingStep, checkEveryPublicPage, expectReadable, settle } from './layout'

/**
 * Reflow (WCAG 1.4.10): at 320 CSS px wide, which is also a 1280 px window at
 * 400 % zoom, every page reads without scrolling sideways, nothing is cut at the
 * edge and no text runs over other text. Every public page and every booking step
 * with its error states, in both languages (Turkish words are longer), with
 * JavaScript and without.
 */
test.use({ viewport: { width: 320, height: 640 } })

for (const language of ['en', 'tr'] as Language[]) {
  test(`every public page reflows at 320 px in ${language}`, async ({ page }, testInfo) => {
    await checkEveryPublicPage(page, testInfo, language)
  })

  test(`every booking step and its errors reflow at 320 px in ${language}`, async ({
    page,
  }, testInfo) => {
    await checkEveryBookingStep(page, testInfo, language, language === 'en' ? 36 : 37)
  })

  test(`the header's menu opens inside the window at 320 px in ${language}`, async ({
    page,
  }, testInfo) => {
    await openIn(page, '/about', language)
    await settle(page, testInfo)
    // Beside the logo only the phone and the menu button fit: the languages are in the menu.
    for (const control of ['.logo', '.header-phone', '.burger']) {
      await expect(page.locator(`.site-header__bar ${control}`)).toBeInViewport({ ratio: 1 })
    }
    await page.locator('.burger').click()
    const menu = page.locator('#mobile-menu')
    await expect(menu).toBeVisible()
    await expect(menu.locator('.language-option')).toHaveCount(2)
    await expectReadable(page, 'the open menu')
  })

  test(`the language menu opens inside the window at 390 px in ${language}`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openIn(page, '/about', language)
    await settle(page, testInfo)
    for (const control of ['.logo', '.header-phone', '.language-toggle', '.burger']) {
      await expect(page.locator(`.site-header__bar ${control}`)).toBeInViewport({ ratio: 1 })
    }
    await page.locator('.language-toggle').click()
    await expect(page.locator('#language-menu')).toBeInViewport({ ratio: 1 })
    await expectReadable(page, 'the open language menu')
  })
}
