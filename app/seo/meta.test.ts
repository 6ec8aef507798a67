import { describe, expect, it } from 'vitest'
import { buildPageMeta, metaDescriptors } from './meta'
import { buildSitemap } from './sitemap'

const base = {
  defaults: {
    title: 'Marmara Chauffeur | Default',
    description: 'Default description',
    keywords: 'k1, k2',
  },
  brand: 'Marmara Chauffeur',
  baseUrl: 'https://example.test',
  pathname: '/about',
  language: 'en' as const,
}

describe('buildPageMeta', () => {
  it('uses the entry, appends the brand, and falls back og_* to title/description', () => {
    const meta = buildPageMeta({ ...base, entry: { title: 'About Us', description: 'Who we are' } })
    expect(meta.title).toBe('About Us | Marmara Chauffeur')
    expect(meta.ogTitle).toBe('About Us | Marmara Chauffeur')
    expect(meta.ogDescription).toBe('Who we are')
    expect(meta.keywords).toBe('k1, k2')
    expect(meta.canonical).toBeUndefined()
  })

  it('keeps og values and the canonical when given', () => {
    const meta = buildPageMeta({
      ...base,
      entry: {
        title: 'Home',
        description: 'd',
        og_title: 'OG',
        og_description: 'OGD',
        canonical_url: '/',
      },
    })
    expect(meta.ogTitle).toBe('OG')
    expect(meta.ogDescription).toBe('OGD')
    expect(meta.canonical).toBe('https://example.test/')
  })

  it('ignores an entry without a title and keeps the defaults', () => {
    const meta = buildPageMeta({ ...base, entry: { description: 'lonely description' } })
    expect(meta.title).toBe('Marmara Chauffeur | Default')
    expect(meta.description).toBe('Default description')
  })

  it('prefixes error titles and does not repeat the brand', () => {
    const meta = buildPageMeta({
      ...base,
      entry: { title: 'Marmara Chauffeur home' },
      titlePrefix: 'Error: ',
    })
    expect(meta.title).toBe('Error: Marmara Chauffeur home')
  })

  it('lists hreflang alternates for both languages and x-default', () => {
    const meta = buildPageMeta({ ...base, entry: undefined })
    expect(meta.alternates).toEqual([
      { hrefLang: 'en', href: 'https://example.test/about?lng=en' },
      { hrefLang: 'tr', href: 'https://example.test/about?lng=tr' },
      { hrefLang: 'x-default', href: 'https://example.test/about' },
    ])
  })

  it('emits a canonical link only when set, and robots noindex when asked', () => {
    const plain = metaDescriptors(buildPageMeta({ ...base, entry: undefined }))
    expect(plain.some((tag) => 'rel' in tag && tag.rel === 'canonical')).toBe(false)
    expect(plain.some((tag) => 'name' in tag && tag.name === 'robots')).toBe(false)
    const hidden = metaDescriptors(
      buildPageMeta({ ...base, entry: { title: 'x', canonical_url: '/x' }, noindex: true }),
    )
    expect(hidden).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://example.test/x',
    })
    expect(hidden).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
  })
})

describe('buildSitemap', () => {
  it('lists each path with its language alternates, escaped', () => {
    const xml = buildSitemap('https://example.test', ['/', '/a&b'])
    expect(xml).toContain('<loc>https://example.test/</loc>')
    expect(xml).toContain('hreflang="tr" href="https://example.test/?lng=tr"')
    expect(xml).toContain('<loc>https://example.test/a&amp;b</loc>')
    expect(xml.match(/<url>/g)).toHaveLength(2)
  })
})
