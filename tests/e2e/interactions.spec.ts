import { expect, test } from '@playwright/test'
import { waitForHydration } from './helpers'

test('the language selector switches to Turkish and back, staying on the page', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto('/fleet-list?type=Van')
  if (javaScriptEnabled) await waitForHydration(page)
  await page.getByRole('button', { name: 'Choose language' }).click()
  await page.locator('#language-menu').getByRole('button', { name: 'Türkçe' }).click()
  await expect(page).toHaveURL(/\/fleet-list\?type=Van$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Filomuz')
  // The choice is remembered by the cookie on the next page.
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hakkımızda')
  // The footer buttons switch too.
  await page
    .locator('footer')
    .getByRole('button', { name: /^English/ })
    .click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us')
})

test('the language menu closes on Escape and on an outside click', async ({ page }) => {
  await page.goto('/')
  const menu = page.locator('#language-menu')
  await page.getByRole('button', { name: 'Choose language' }).click()
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await page.getByRole('button', { name: 'Choose language' }).click()
  await expect(menu).toBeVisible()
  await page.mouse.click(10, 400)
  await expect(menu).toBeHidden()
})

test('a Turkish browser gets Turkish first', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'tr-TR' })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
  await context.close()
})

test('the fleet filter narrows the list and says when nothing matches', async ({ page }) => {
  await page.goto('/fleet-list')
  await expect(page.locator('.vehicle-card')).toHaveCount(4)
  await page.getByLabel('Vehicle type').selectOption('Van')
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await expect(page).toHaveURL(/type=Van/)
  await expect(page.locator('.vehicle-card')).toHaveCount(1)
  await expect(page.locator('.vehicle-card')).toContainText('Business Luxury Minibus')
  await page.getByLabel('Vehicle type').selectOption('All')
  await page.getByLabel('Make').selectOption('Ford')
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await expect(page.getByText('No item found. Try another filter')).toBeVisible()
  await expect(page.locator('.vehicle-card')).toHaveCount(0)
})

test('the pricing toggle switches to annual billing at 20 % off', async ({ page }) => {
  await page.goto('/pricing')
  const professional = page.locator('.plan').nth(1)
  await expect(professional).toContainText('€599.95')
  await page.getByRole('link', { name: /Annual/ }).click()
  await expect(page).toHaveURL(/billing=annual/)
  await expect(professional).toContainText('€5,759.52')
  await expect(professional).toContainText('/ year')
  await expect(page.getByText('Save 20%')).toBeVisible()
  await page.getByRole('link', { name: 'Monthly' }).click()
  await expect(professional).toContainText('€599.95')
})

test('the phone menu opens from the burger and lists the six links', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/services')
  const menu = page.locator('#mobile-menu')
  await expect(menu).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('navigation').getByRole('link')).toHaveText([
    'Home',
    'About',
    'Our Fleet',
    'Services',
    'Blog',
    'Contact',
  ])
  await expect(menu.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('button', { name: 'Close menu' }).click()
  await expect(menu).toBeHidden()
})

test('the promo video is closed by default, opens from its button and closes on Escape', async ({
  page,
}) => {
  await page.goto('/')
  const modal = page.getByRole('dialog', { name: 'Your ride with us' })
  await expect(modal).toBeHidden()
  await page.getByRole('button', { name: 'Watch how it works' }).click()
  await expect(modal).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
})

test('the home search is a GET form to the vehicle step', async ({ page }) => {
  await page.goto('/')
  const form = page.getByRole('form', { name: 'Search for a ride' })
  await expect(form).toHaveAttribute('method', 'get')
  await expect(form).toHaveAttribute('action', '/booking-vehicle')
  await expect(form.getByLabel('Time', { exact: true })).toHaveValue('')
  await expect(form.getByLabel('Time', { exact: true }).locator('option')).toHaveCount(97)
  await expect(form.getByPlaceholder('Enter pickup location...')).toBeVisible()
  await expect(form.getByPlaceholder('Enter destination...')).toBeVisible()
})

test('both testimonials can be read', async ({ page }) => {
  await page.goto('/')
  const items = page.locator('.testimonial')
  await expect(items).toHaveCount(2)
  await expect(items.first()).toBeVisible()
})

test('team-single falls back to the first member for an unknown id', async ({ page }) => {
  await page.goto('/team-single/1')
  const first = await page.getByRole('heading', { level: 1 }).textContent()
  await page.goto('/team-single/12345')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!)
  for (const tab of ['Biography', 'Experiences', 'Education', 'Awards']) {
    await expect(page.getByText(tab, { exact: true }).first()).toBeVisible()
  }
})
