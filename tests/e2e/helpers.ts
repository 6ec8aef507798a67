import { expect, type Page, type TestInfo } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'

export type Language = 'en' | 'tr'

/** Tomorrow in Istanbul: always inside the booking window, and 10:00 is more than 2 hours ahead. */
/** The Istanbul date `days` after today (tomorrow is 1). */
export function istanbulDateIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date())
  const [year, month, day] = today.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** The route search form (the search also holds the by-the-hour form, with its own pickup field). */
export function routeSearchForm(page: Page) {
  return page.getByRole('form', { name: 'Search for a ride' })
}

export function tomorrowInIstanbul(): string {
  return istanbulDateIn(1)
}

/** Every public page this site serves, with its h1 per language. */
export const publicPages: { path: string; heading: Record<Language, RegExp> }[] = [
  { path: '/', heading: { en: /Where Would You Like To Go\?/, tr: /Nereye Gitmek İstersiniz\?/ } },
  {
    path: '/home',
    heading: { en: /Where Would You Like To Go\?/, tr: /Nereye Gitmek İstersiniz\?/ },
  },
  { path: '/about', heading: { en: /^About Us$/, tr: /^Hakkımızda$/ } },
  { path: '/contact', heading: { en: /^Contact$/, tr: /^İletişim$/ } },
  { path: '/our-team', heading: { en: /^Our Team$/, tr: /^Ekibimiz$/ } },
  { path: '/team-single/2', heading: { en: /\w/, tr: /\w/ } },
  { path: '/login', heading: { en: /^Sign in$/, tr: /^Giriş yapın$/ } },
  { path: '/register', heading: { en: /^Create an account$/, tr: /^Hesap oluşturun$/ } },
  { path: '/pricing', heading: { en: /^Pricing$/, tr: /^Fiyatlandırma$/ } },
  {
    path: '/coming-soon',
    heading: { en: /Something new|Comming Soon/, tr: /Yeni bir şey|Çok Yakında/ },
  },
  { path: '/page-not-found', heading: { en: /^Page not found$/, tr: /^Sayfa bulunamadı$/ } },
  { path: '/privacy-policy', heading: { en: /^Privacy Policy$/, tr: /^Gizlilik Politikası$/ } },
  { path: '/terms', heading: { en: /^Terms and Conditions$/, tr: /^Hizmet Şartları$/ } },
  {
    path: '/distance-agreement',
    heading: { en: /^Distance Sales Agreement$/, tr: /^Mesafeli Satış Sözleşmesi$/ },
  },
  { path: '/fleet-list', heading: { en: /^Our Fleet$/, tr: /^Filomuz$/ } },
  { path: '/fleet-single/1', heading: { en: /^Eco Minivan$/, tr: /^Ekonomik Minivan$/ } },
  { path: '/services', heading: { en: /^Services$/, tr: /^Hizmetler$/ } },
  { path: '/services/airport-transfers', heading: { en: /Airport Transfers/, tr: /Havalimanı/ } },
  { path: '/blog-grid', heading: { en: /^Blog$/, tr: /^Blog$/ } },
  { path: '/blog-grid-2', heading: { en: /^Blog$/, tr: /^Blog$/ } },
  { path: '/blog-list', heading: { en: /^Blog$/, tr: /^Blog$/ } },
  {
    path: '/blog/32322/sultanahmet-historic-peninsula-in-a-day',
    heading: { en: /Sultanahmet/, tr: /Sultanahmet/ },
  },
]

/** Opens a page in a language through the `?lng=` switch the hreflang links use. */
export async function openIn(page: Page, path: string, language: Language) {
  const separator = path.includes('?') ? '&' : '?'
  return page.goto(`${path}${separator}lng=${language}`)
}

/** Fails the test on any console error (a CSP violation, a hydration error). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/**
 * Runs axe on the page. axe needs script execution, so for the no-JavaScript
 * project the same URL is opened in a context whose own scripts are blocked:
 * axe then checks exactly the server-rendered page a no-JS reader gets.
 */
export async function expectNoAxeViolations(page: Page, testInfo: TestInfo) {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false
  const target = javaScriptEnabled ? page : await openWithoutSiteScripts(page)
  const results = await new AxeBuilder({ page: target }).analyze()
  if (target !== page) await target.context().close()
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join('\n    ')}`,
  )
  if (summary.length)
    await testInfo.attach('axe', { body: summary.join('\n'), contentType: 'text/plain' })
  expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

async function openWithoutSiteScripts(page: Page): Promise<Page> {
  const browser = page.context().browser()
  if (!browser) throw new Error('no browser to open a scripted context in')
  // Contexts made in a test inherit the project's options: turn scripts back on.
  const context = await browser.newContext({
    javaScriptEnabled: true,
    baseURL: testInfoBaseUrl(page),
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  })
  await context.route(/\.js(\?|$)/, (route) => route.abort())
  // Serve the document exactly as the no-JS page holds it now, so a state reached
  // by a form POST (an error, a server-rendered dialog) is what axe checks. A
  // form's answer is a streamed new document: wait until it has loaded whole, or
  // the copy would end wherever the stream had reached.
  await page.waitForLoadState('load')
  const html = await page.content()
  await context.route(
    page.url(),
    (route) => route.fulfill({ body: html, contentType: 'text/html' }),
    {
      times: 1,
    },
  )
  const copy = await context.newPage()
  await copy.goto(page.url())
  return copy
}

function testInfoBaseUrl(page: Page): string {
  return new URL(page.url()).origin
}

/**
 * Waits until the page's scripts have set up its behaviour: the page scripts
 * (app/enhancements/enhance.ts) or, on the one page React hydrates, root.tsx
 * mark <html> with data-hydrated. For tests of behaviour that only exists with
 * JavaScript: acting earlier reaches the server-rendered page before its
 * handlers are attached.
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}
