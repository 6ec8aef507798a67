import { describe, expect, it } from 'vitest'
import {
  cachedPageOf,
  htmlWithNonce,
  matchesEtag,
  mayBeCached,
  PageCache,
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

describe('cachedPageOf', () => {
  it('puts a new nonce in every place of the old one, in the HTML and the policy', () => {
    const kept = page(`<script nonce="${nonce}">a</script><script nonce="${nonce}">b</script>`)
    expect(htmlWithNonce(kept, 'fresh').toString()).toBe(
      '<script nonce="fresh">a</script><script nonce="fresh">b</script>',
    )
    expect(kept.cspParts?.join('fresh')).toBe("script-src 'self' 'nonce-fresh'")
  })

  it('keeps no per-response header and gives the same page the same strong ETag', () => {
    const kept = page('<p>same</p>')
    expect(kept.headers.map(([name]) => name.toLowerCase())).toEqual(['content-type'])
    expect(kept.etag).toMatch(/^"[^"]+"$/)
    expect(page('<p>same</p>').etag).toBe(kept.etag)
    expect(page('<p>other</p>').etag).not.toBe(kept.etag)
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
  it('keeps at most its limit, dropping the page served least recently', () => {
    const cache = new PageCache(2)
    cache.set('a', page('a'))
    cache.set('b', page('b'))
    expect(cache.get('a')).toBeDefined()
    cache.set('c', page('c'))
    expect(cache.size).toBe(2)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
  })

  it('keys by language and day as well as path', () => {
    expect(PageCache.key('/about', 'en', '2026-11-25')).not.toBe(
      PageCache.key('/about', 'tr', '2026-11-25'),
    )
    expect(PageCache.key('/about', 'en', '2026-11-25')).not.toBe(
      PageCache.key('/about', 'en', '2026-11-26'),
    )
  })
})
