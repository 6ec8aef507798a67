import { expect, test } from '@playwright/test'
import { waitForHydration } from './helpers'

// Behaviour that only exists with JavaScript: the no-js project skips it.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'needs JavaScript')

test('the header takes its stuck look after 200 px of scroll', async ({ page }) => {
  await page.goto('/')
  const header = page.locator('header.site-header')
  await expect(header).not.toHaveClass(/is-stuck/)
  await page.mouse.wheel(0, 150)
  await page.waitForTimeout(200)
  await expect(header).not.toHaveClass(/is-stuck/)
  await page.mouse.wheel(0, 300)
  await expect(header).toHaveClass(/is-stuck/)
})

test('the testimonial carousel shows one entry with pagination', async ({ page }) => {
  await page.goto('/')
  const carousel = page.locator('.testimonials.is-enhanced')
  await expect(carousel).toBeVisible()
  await expect(carousel.locator('.testimonial:visible')).toHaveCount(1)
  await carousel.getByRole('button', { name: 'Show testimonial 2' }).click()
  await expect(carousel.getByRole('button', { name: 'Show testimonial 2' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
})

test('team tabs switch with the mouse and the arrow keys', async ({ page }) => {
  await page.goto('/team-single/1')
  await page.getByRole('tab', { name: 'Education' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Education' })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Awards' })).toBeFocused()
  await expect(page.getByRole('tabpanel', { name: 'Awards' })).toBeVisible()
})

test('the page scrolls to the top on navigation', async ({ page }) => {
  // From a page the application runs on: the navigation happens in the page.
  await page.goto('/contact')
  await waitForHydration(page)
  await page.locator('footer').getByRole('link', { name: 'About us' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})
