import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './server-process'

/**
 * The render-once page cache (app/server/page-cache.server.ts) on the running
 * production build: a kept page carries a strong ETag and answers 304, every
 * page runs no inline script so it needs no nonce and is sent as the same bytes,
 * compressed once, in the encoding the browser takes, languages never mix,
 * and pages per visitor, responses that set a cookie and data requests are
 * never served from it.
 */

const english = { 'accept-language': 'en' }
const turkish = { 'accept-language': 'tr' }

interface Answer {
  status: number
  headers: Headers
  body: string
}

async function get(
  server: RunningServer,
  path: string,
  headers: Record<string, string> = english,
  method = 'GET',
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, { headers, method, redirect: 'manual' })
  return { status: response.status, headers: response.headers, body: await response.text() }
}

/** The nonce the policy allows scripts with. */
function policyNonce(answer: Answer): string | undefined {
  return /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1]
}

/** Every nonce written in the page's HTML. */
function pageNonces(answer: Answer): string[] {
  return [...answer.body.matchAll(/\bnonce="([^"]+)"/g)].map((match) => match[1]!)
}

const htmlLanguage = (answer: Answer) => /<html lang="([a-z]+)"/.exec(answer.body)?.[1]

/** A kept page's ETag is strong, which ordinary responses here never send. */
const keptEtag = (answer: Answer) => {
  const etag = answer.headers.get('etag')
  return etag && !etag.startsWith('W/') ? etag : undefined
}

describe('the render-once page cache', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('serves a content page again byte for byte, with a policy that runs no inline script', async () => {
    // The first answer renders the page, the second comes from memory.
    const first = await get(server, '/terms')
    const second = await get(server, '/terms')
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
      // No page of the site runs an inline script, so a kept page needs no
      // nonce: its policy allows scripts from the site only, and it has some.
      const policy = answer.headers.get('content-security-policy') ?? ''
      expect(policy).toMatch(/script-src 'self'[;\s]/)
      expect(policyNonce(answer)).toBeUndefined()
      expect(pageNonces(answer)).toEqual([])
      expect(answer.body).toMatch(/<script type="module" src="\/assets\//)
      expect(answer.headers.get('vary')).toMatch(/Cookie/)
      expect(answer.headers.get('vary')).toMatch(/Accept-Language/)
    }
    expect(keptEtag(first)).toBeTruthy()
    expect(keptEtag(second)).toBe(keptEtag(first))
    expect(second.body).toBe(first.body)
  })

  it('answers in the encoding the browser takes, compressed once, an ETag for each', async () => {
    await get(server, '/fleet-list')
    const inEncoding = async (encoding: string) => {
      // undici's fetch decodes br and gzip itself; the header says what was sent.
      const answer = await get(server, '/fleet-list', { ...english, 'accept-encoding': encoding })
      return { ...answer, encoding: answer.headers.get('content-encoding') }
    }
    const brotli = await inEncoding('gzip, deflate, br')
    const gzip = await inEncoding('gzip')
    const plain = await inEncoding('identity')
    expect([brotli.encoding, gzip.encoding, plain.encoding]).toEqual(['br', 'gzip', null])
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.status).toBe(200)
      expect(answer.body).toBe(plain.body)
      expect(answer.headers.get('vary')).toMatch(/Accept-Encoding/)
    }
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(plain.body))
    const etags = [brotli, gzip, plain].map(keptEtag)
    expect(new Set(etags).size).toBe(3)
    const revalidated = await get(server, '/fleet-list', {
      ...english,
      'accept-encoding': 'br',
      'if-none-match': keptEtag(brotli)!,
    })
    expect(revalidated.status).toBe(304)
    // The plain copy's ETag does not revalidate the brotli one.
    const crossed = await get(server, '/fleet-list', {
      ...english,
      'accept-encoding': 'br',
      'if-none-match': keptEtag(plain)!,
    })
    expect(crossed.status).toBe(200)
  })

  it('answers 304 without a body or a policy to a matching If-None-Match', async () => {
    const etag = keptEtag(await get(server, '/services'))!
    const revalidated = await get(server, '/services', { ...english, 'if-none-match': etag })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body).toBe('')
    expect(revalidated.headers.get('etag')).toBe(etag)
    expect(revalidated.headers.get('content-security-policy')).toBeNull()

    const changed = await get(server, '/services', { ...english, 'if-none-match': '"other"' })
    expect(changed.status).toBe(200)
  })

  it('keeps each language apart on the same path', async () => {
    const inEnglish = await get(server, '/about', english)
    const inTurkish = await get(server, '/about', turkish)
    const englishAgain = await get(server, '/about', english)
    const turkishAgain = await get(server, '/about', turkish)
    expect(htmlLanguage(inEnglish)).toBe('en')
    expect(htmlLanguage(inTurkish)).toBe('tr')
    expect(htmlLanguage(englishAgain)).toBe('en')
    expect(htmlLanguage(turkishAgain)).toBe('tr')
    expect(keptEtag(turkishAgain)).toBeTruthy()
    expect(keptEtag(turkishAgain)).not.toBe(keptEtag(englishAgain))
    // A Turkish copy is not an answer to an English revalidation.
    const crossed = await get(server, '/about', {
      ...english,
      'if-none-match': keptEtag(turkishAgain)!,
    })
    expect(crossed.status).toBe(200)
    expect(htmlLanguage(crossed)).toBe('en')
  })

  it('follows the language cookie the selector sets, over Accept-Language', async () => {
    const chosen = await fetch(`${server.url}/resources/language`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lng: 'tr', redirectTo: '/our-team' }).toString(),
      redirect: 'manual',
    })
    const cookie = chosen.headers.get('set-cookie')!.split(';')[0]!
    await get(server, '/our-team', english)
    const withCookie = await get(server, '/our-team', { ...english, cookie })
    expect(htmlLanguage(withCookie)).toBe('tr')
    const again = await get(server, '/our-team', { ...english, cookie })
    expect(htmlLanguage(again)).toBe('tr')
    expect(keptEtag(again)).toBeTruthy()
  })

  it('never keeps an answer that sets a cookie (a language from ?lng=)', async () => {
    const remembered = await get(server, '/blog-list?lng=tr', english)
    expect(htmlLanguage(remembered)).toBe('tr')
    expect(remembered.headers.get('set-cookie')).toMatch(/^lng=/)
    expect(keptEtag(remembered)).toBeUndefined()
    // The next visitor without the cookie still gets English.
    const plain = await get(server, '/blog-list', english)
    expect(htmlLanguage(plain)).toBe('en')
    expect(plain.headers.get('set-cookie')).toBeNull()
  })

  it('never serves a traveller’s or a staff page from memory', async () => {
    for (const path of ['/booking-vehicle', '/ops/sign-in']) {
      const first = await get(server, path)
      const second = await get(server, path)
      expect(second.headers.get('cache-control')).toMatch(/no-store/)
      expect(keptEtag(first)).toBeUndefined()
      expect(keptEtag(second)).toBeUndefined()
    }
  })

  it('still answers the data request of a client-side navigation', async () => {
    await get(server, '/fleet-list')
    const data = await get(server, '/fleet-list.data')
    expect(data.status).toBe(200)
    expect(data.headers.get('content-type')).toMatch(/text\/x-script/)
    expect(data.body).toContain('routes/site/fleet-list')
    expect(keptEtag(data)).toBeUndefined()
  })

  it('answers HEAD for a kept page with its headers and no body', async () => {
    await get(server, '/privacy-policy')
    const head = await get(server, '/privacy-policy', english, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect(keptEtag(head)).toBeTruthy()
    expect(head.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)
  })

  it('does not keep a page that answered 404', async () => {
    const missing = await get(server, '/blog/999/anything')
    const again = await get(server, '/blog/999/anything')
    expect(again.status).toBe(404)
    expect(keptEtag(missing)).toBeUndefined()
    expect(keptEtag(again)).toBeUndefined()
  })
})
