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
