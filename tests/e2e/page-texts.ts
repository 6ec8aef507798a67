import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { tomorrowInIstanbul } from './helpers'
import { rawKeysIn } from '../support/raw-keys'

/**
 * What a reader meets on a page, for the checks over every page's words: the
 * Turkish-only walk (turkish.spec.ts) and the raw-key walk in both languages
 * (pages.spec.ts).
 */

export interface Piece {
  where: string
  text: string
}

/** Every text of the page a reader or assistive technology meets, with where it is. */
export async function piecesOf(page: Page): Promise<Piece[]> {
  return page.evaluate(() => {
    const pieces: { where: string; text: string }[] = []
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        element.className && typeof element.className === 'string'
          ? `.${element.className.split(' ')[0]}`
          : ''
      }`
    pieces.push({ where: 'title', text: document.title })
    for (const meta of document.querySelectorAll<HTMLMetaElement>(
      'meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]',
    )) {
      if (/url|image|locale|type/.test(meta.getAttribute('property') ?? '')) continue
      pieces.push({
        where: `meta ${meta.name || meta.getAttribute('property')}`,
        text: meta.content,
      })
    }
    for (const element of document.body.querySelectorAll('*')) {
      for (const attribute of [
        'aria-label',
        'aria-roledescription',
        'aria-description',
        'aria-valuetext',
        'title',
        'alt',
        'placeholder',
      ]) {
        const value = element.getAttribute(attribute)
        if (value) pieces.push({ where: `${name(element)} [${attribute}]`, text: value })
      }
      // Text that is not rendered yet but will be: options, closed dialogs and menus.
      if (element.matches('option, dialog, [popover], template')) {
        pieces.push({ where: name(element), text: element.textContent ?? '' })
      }
      if (element.matches('input[type="submit"], input[type="button"]')) {
        pieces.push({ where: name(element), text: (element as HTMLInputElement).value })
      }
    }
    // Text marked as another language (a traveller's review shown as they
    // wrote it) is that language's, not a leftover of this page's: it is left
    // out of the page's text while it is read.
    const pageLanguage = document.documentElement.lang
    const foreign = [...document.body.querySelectorAll<HTMLElement>('[lang]')].filter(
      (element) => element.lang && element.lang !== pageLanguage,
    )
    const displays = foreign.map((element) => element.style.display)
    for (const element of foreign) element.style.display = 'none'
    const text = document.body.innerText
    foreign.forEach((element, index) => (element.style.display = displays[index]!))
    for (const line of text.split('\n')) {
      if (line.trim()) pieces.push({ where: 'text', text: line.trim() })
    }
    return pieces
  })
}

/**
 * Every public page, the pages that answer with an error and the search's own
 * answers, for the walks over every page in each language.
 */
export const publicPaths = [
  '/',
  '/about',
  '/contact',
  '/our-team',
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((id) => `/team-single/${id}`),
  '/login',
  '/register',
  '/pricing',
  '/pricing?billing=annual',
  '/coming-soon',
  '/page-not-found',
  '/privacy-policy',
  '/terms',
  '/distance-agreement',
  '/fleet-list',
  '/fleet-list?type=Van',
  '/fleet-list?type=Luxury+Van',
  '/fleet-list?brand=Ford',
  ...[1, 2, 3, 4].map((id) => `/fleet-single/${id}`),
  '/services',
  ...(JSON.parse(readFileSync('content/services.json', 'utf8')) as { slug: string }[]).map(
    (service) => `/services/${service.slug}`,
  ),
  '/blog-grid',
  '/blog-grid-2',
  '/blog-list',
  ...readdirSync('content/blog').map((file) => {
    const post = JSON.parse(readFileSync(join('content/blog', file), 'utf8')) as {
      id: number
      slug: string
    }
    return `/blog/${post.id}/${post.slug}`
  }),
  // Pages that answer with an error.
  '/still-missing',
  '/blog/99999/nothing-here',
  '/booking-completion',
  '/booking-completion?conversationId=MC-NOSUCH',
  '/booking-received',
  '/booking-extra',
  '/manage-booking',
  '/shared-booking?token=forged.token',
  // The search's own answers.
  `/booking-vehicle?date=${tomorrowInIstanbul()}&time=&pickup=SAW&destination=Şile`,
  `/booking-vehicle?date=2099-01-01&time=10:00&pickup=SAW&destination=Şile`,
  `/booking-vehicle?date=${tomorrowInIstanbul()}&time=10:00&pickup=Qwxzyv&destination=Şile`,
  `/booking-vehicle?date=${tomorrowInIstanbul()}&time=10:00&pickup=Istanbul&destination=Bursa`,
  `/booking-vehicle?date=${tomorrowInIstanbul()}&time=10:00&pickup=SAW&destination=SAW`,
  `/booking-vehicle?date=${tomorrowInIstanbul()}&time=10:00&pickup=SAW&destination=Trabzon`,
  `/booking-vehicle?date=${tomorrowInIstanbul()}&time=10:00&pickup=SAW&destination=Şile&currency=TRY`,
]

/**
 * Fails on a translation key shown as it is, i18next's sentence for a group
 * of keys, or an unfilled placeholder, anywhere a reader or assistive
 * technology meets words on the page.
 */
export async function expectNoRawKeys(page: Page) {
  const leaks = (await piecesOf(page)).flatMap(({ where, text }) =>
    rawKeysIn(text).map((key) => `${where}: "${key}" in "${text.slice(0, 120)}"`),
  )
  expect(leaks, `raw translation keys on ${page.url()}`).toEqual([])
}
