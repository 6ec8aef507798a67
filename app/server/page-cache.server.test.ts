import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  cachedPageOf,
  etagInEncoding,
  htmlWithNonce,
  matchesEtag,
  mayBeCached,
  PageCache,
  runsInlineScript,
  type CachedPage,
} from './page-cache.server'

const nonce = 'bm9uY2Utb2YtdGhlLXJlbmRlcg=='

function page(html: string) {
  return cachedPageOf(
    html,
    new Headers({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `script-src 'self' 'nonce-${nonce}'`,
      'Set-Cookie': 'lng=tr',
    }),
    nonce,
  )
}

function expectFixed(kept: CachedPage) {
  if (kept.nonce !== 'none') throw new Error('expected a page without a nonce')
  return kept
}

function expectNonced(kept: CachedPage) {
  if (kept.nonce !== 'fresh') throw new Error('expected a page with a fresh nonce per answer')
  return kept
}

describe('runsInlineScript', () => {
  it('counts a script without src unless it is a data block', () => {
    expect(runsInlineScript('<script>alert(1)</script>')).toBe(true)
    expect(runsInlineScript('<script type="module">import "x"</script>')).toBe(true)
    expect(runsInlineScript('<script type="importmap">{}</script>')).toBe(true)
    expect(runsInlineScript('<SCRIPT nonce="n">a</SCRIPT>')).toBe(true)
    expect(runsInlineScript('<script type="module" src="/assets/a.js" nonce="n"></script>')).toBe(
      false,
    )
    expect(runsInlineScript('<script type="application/json" data-form-check>{}</script>')).toBe(
      false,
    )
    expect(runsInlineScript('<script type="application/ld+json">{}</script>')).toBe(false)
    expect(runsInlineScript('<p>no script</p>')).toBe(false)
  })
})

describe('cachedPageOf', () => {
  it('drops the nonce of a page without inline scripts, in the HTML and the policy', async () => {
    const kept = expectFixed(
      await page(
        `<link nonce="${nonce}" rel="icon"/><script type="module" src="/a.js" nonce="${nonce}"></script>`,
      ),
    )
    const html = '<link rel="icon"/><script type="module" src="/a.js"></script>'
    expect(kept.bodies.identity.toString()).toBe(html)
    expect(kept.csp).toBe("script-src 'self'")
    // Compressed once, each encoding the same page.
    expect(brotliDecompressSync(kept.bodies.br).toString()).toBe(html)
    expect(gunzipSync(kept.bodies.gzip).toString()).toBe(html)
  })

  it('puts a new nonce in every place of the old one when the page runs an inline script', async () => {
    const kept = expectNonced(
      await page(`<script nonce="${nonce}">a</script><script nonce="${nonce}">b</script>`),
    )
    expect(htmlWithNonce(kept, 'fresh').toString()).toBe(
      '<script nonce="fresh">a</script><script nonce="fresh">b</script>',
    )
    expect(kept.cspParts?.join('fresh')).toBe("script-src 'self' 'nonce-fresh'")
  })

  it('keeps the nonce when it appears anywhere but a nonce attribute', async () => {
    const kept = await page(`<script src="/a.js" nonce="${nonce}"></script><p>${nonce}</p>`)
    expect(kept.nonce).toBe('fresh')
  })

  it('keeps no per-response header and gives the same page the same strong ETag', async () => {
    const kept = await page('<p>same</p>')
    expect(kept.headers.map(([name]) => name.toLowerCase())).toEqual(['content-type'])
    expect(kept.etag).toMatch(/^"[^"]+"$/)
    expect((await page('<p>same</p>')).etag).toBe(kept.etag)
    expect((await page('<p>other</p>')).etag).not.toBe(kept.etag)
  })

  it('gives each encoding its own strong ETag', () => {
    expect(etagInEncoding('"abc"', 'identity')).toBe('"abc"')
    expect(etagInEncoding('"abc"', 'br')).toBe('"abc-br"')
    expect(etagInEncoding('"abc"', 'gzip')).toBe('"abc-gzip"')
  })
})

describe('matchesEtag', () => {
  it('finds the tag in a list, weak or strong, and takes *', () => {
    expect(matchesEtag('"a", W/"b"', '"b"')).toBe(true)
    expect(matchesEtag('*', '"b"')).toBe(true)
    expect(matchesEtag('"a"', '"b"')).toBe(false)
    expect(matchesEtag(undefined, '"b"')).toBe(false)
  })
})

describe('mayBeCached', () => {
  it('takes documents by GET or HEAD without a query, outside /ops', () => {
    expect(mayBeCached('GET', '/fleet-list')).toBe(true)
    expect(mayBeCached('HEAD', '/')).toBe(true)
    expect(mayBeCached('POST', '/contact')).toBe(false)
    expect(mayBeCached('GET', '/fleet-list?type=Van')).toBe(false)
    expect(mayBeCached('GET', '/fleet-list.data')).toBe(false)
    expect(mayBeCached('GET', '/ops')).toBe(false)
    expect(mayBeCached('GET', '/ops/bookings/ABC')).toBe(false)
  })
})

describe('PageCache', () => {
  it('keeps at most its limit, dropping the page served least recently', async () => {
    const cache = new PageCache(2)
    cache.set('a', await page('a'))
    cache.set('b', await page('b'))
    expect(cache.get('a')).toBeDefined()
    cache.set('c', await page('c'))
    expect(cache.size).toBe(2)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
  })

  it('keys by language, day, price list version and reviews generation as well as path', () => {
    expect(PageCache.key('/about', 'en', '2026-11-25', 1, 1)).not.toBe(
      PageCache.key('/about', 'tr', '2026-11-25', 1, 1),
    )
    expect(PageCache.key('/about', 'en', '2026-11-25', 1, 1)).not.toBe(
      PageCache.key('/about', 'en', '2026-11-26', 1, 1),
    )
    expect(PageCache.key('/fleet', 'en', '2026-11-25', 1, 1)).not.toBe(
      PageCache.key('/fleet', 'en', '2026-11-25', 2, 1),
    )
    expect(PageCache.key('/', 'en', '2026-11-25', 1, 1)).not.toBe(
      PageCache.key('/', 'en', '2026-11-25', 1, 2),
    )
    // Each number has its letter: price list 1 with reviews 12 is not 11 with 2.
    expect(PageCache.key('/', 'en', '2026-11-25', 1, 12)).not.toBe(
      PageCache.key('/', 'en', '2026-11-25', 11, 2),
    )
  })
})
