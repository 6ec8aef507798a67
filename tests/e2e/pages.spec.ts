import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, openIn, publicPages, watchConsole, type Language } from './helpers'
import { expectNoRawKeys, publicPaths } from './page-texts'

for (const language of ['en', 'tr'] as Language[]) {
  test.describe(`every public page in ${language}`, () => {
    for (const { path, heading } of publicPages) {
      test(`${path} answers 200 with its heading and no axe violations`, async ({
        page,
      }, testInfo) => {
        // The server renders the same markup in both languages: without JavaScript
        // it is checked in English, and both languages with the page's scripts run.
        test.skip(
          language === 'tr' && testInfo.project.name === 'no-js',
          'the same markup is checked in English without JavaScript',
        )
        const errors = watchConsole(page)
        const response = await openIn(page, path, language)
        expect(response?.status()).toBe(200)
        await expect(page.locator('html')).toHaveAttribute('lang', language)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading[language])
        await expect(page.locator('footer')).toContainText('14563')
        await expectNoRawKeys(page)
        await expectNoAxeViolations(page, testInfo)
        expect(errors).toEqual([])
      })
    }
  })
}

/**
 * Every page, error answer and answer of the search, in both languages: no
 * translation key shown as it is (Turkish pages are walked word by word in
 * turkish.spec.ts too). With JavaScript, once the page's scripts have run.
 */
test('no page shows a raw translation key, in either language', async ({ page }, testInfo) => {
  test.slow()
  const failures: string[] = []
  for (const language of ['en', 'tr'] as Language[]) {
    for (const path of publicPaths) {
      await openIn(page, path, language)
      if (testInfo.project.name === 'js') await page.waitForLoadState('networkidle')
      try {
        await expectNoRawKeys(page)
      } catch (error) {
        failures.push(
          String((error as Error).message)
            .split('\n')
            .slice(0, 8)
            .join('\n'),
        )
      }
    }
  }
  expect(failures).toEqual([])
})

test('unknown paths answer 404 with a link home, in the visitor language', async ({ page }) => {
  for (const path of ['/no-such-page', '/fleet-single/99', '/deep/unknown/path']) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    await expect(page).toHaveTitle(/^Page not found \| Marmara Chauffeur$/i)
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
  }
  const response = await openIn(page, '/still-missing', 'tr')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sayfa bulunamadı')
})

test('an unknown blog post says so with status 404; old and wrong blog URLs redirect', async ({
  page,
  request,
}) => {
  const missing = await page.goto('/blog/999/anything')
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog not found')

  // The older address of a post that does not exist: the site's page, not the browser's.
  const oldMissing = await page.goto('/blog-single/999')
  expect(oldMissing?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible()

  const old = await request.get('/blog-single/32323', { maxRedirects: 0 })
  expect(old.status()).toBe(301)
  expect(old.headers().location).toMatch(/^\/blog\/32323\/[a-z0-9-]+$/)
  const wrongSlug = await request.get('/blog/32322/wrong-slug', { maxRedirects: 0 })
  expect(wrongSlug.status()).toBe(301)
  expect(wrongSlug.headers().location).toBe('/blog/32322/sultanahmet-historic-peninsula-in-a-day')
})

test('page meta: title, description, hreflang alternates, canonical only when set', async ({
  page,
}) => {
  await page.goto('/about')
  await expect(page).toHaveTitle('About Us | Marmara Chauffeur')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'About Us | Marmara Chauffeur',
  )
  await expect(page.locator('link[rel="alternate"][hreflang="tr"]')).toHaveAttribute(
    'href',
    /\/about\?lng=tr$/,
  )
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
  await page.goto('/home')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/)
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
    'content',
    /^Marmara Chauffeur, Istanbul Private Car, Airport Transfer Service/,
  )
})

test('sitemap.xml and robots.txt describe the site', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toContain('xml')
  const xml = await sitemap.text()
  expect(xml).toContain('/blog/32324/')
  expect(xml).toContain('/services/airport-transfers</loc>')
  expect(xml).toContain('hreflang="tr"')
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/)
})
