import { describe, expect, it } from 'vitest'
import { isSameOriginPost, safeReturnPath } from './same-origin.server'

const post = (headers: Record<string, string>) =>
  new Request('http://localhost:3000/resources/language', { method: 'POST', headers })

describe('isSameOriginPost', () => {
  it('accepts same-origin browser posts and refuses cross-site ones', () => {
    expect(isSameOriginPost(post({ 'sec-fetch-site': 'same-origin' }))).toBe(true)
    expect(isSameOriginPost(post({ 'sec-fetch-site': 'cross-site' }))).toBe(false)
    expect(
      isSameOriginPost(post({ origin: 'http://localhost:3000', host: 'localhost:3000' })),
    ).toBe(true)
    expect(isSameOriginPost(post({ origin: 'https://evil.test', host: 'localhost:3000' }))).toBe(
      false,
    )
    expect(isSameOriginPost(post({ origin: 'null' }))).toBe(false)
  })

  it('compares with the host the server resolved, not a forwarded header it did not trust', () => {
    // The server puts X-Forwarded-Host into the request's URL only behind a trusted proxy.
    expect(
      isSameOriginPost(post({ origin: 'https://evil.test', 'x-forwarded-host': 'evil.test' })),
    ).toBe(false)
    const proxied = new Request('https://www.marmara.example/resources/language', {
      method: 'POST',
      headers: { origin: 'https://www.marmara.example', host: '10.0.0.5:3000' },
    })
    expect(isSameOriginPost(proxied)).toBe(true)
  })
})

describe('safeReturnPath', () => {
  it('keeps local paths and refuses everything else', () => {
    expect(safeReturnPath('/fleet-list?type=Van')).toBe('/fleet-list?type=Van')
    expect(safeReturnPath('//evil.test')).toBe('/')
    expect(safeReturnPath('https://evil.test')).toBe('/')
    expect(safeReturnPath('/\\evil.test')).toBe('/')
    expect(safeReturnPath(null)).toBe('/')
  })
})
