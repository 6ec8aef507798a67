import { describe, expect, it } from 'vitest'
import type { PublishedReviews } from './published-reviews.server'
import { businessJsonLd, jsonLdText, vehicleClassJsonLd } from './review-structured-data.server'

const site = {
  brand: 'Marmara Chauffeur',
  legalName: 'Marmara Turizm Ltd. Şti.',
  baseUrl: 'https://www.example.com',
  phone: '+90 212 000 00 00',
  email: 'hello@example.com',
  address: 'Bağdat Caddesi 1, İstanbul',
  social: [{ network: 'instagram' as const, url: 'https://instagram.com/example' }],
}

const vehicle = {
  id: 2,
  title: 'VIP Minivan',
  description: 'Leather seats for six.',
  image: '/images/fleet/vip-minivan.svg',
}

const published: PublishedReviews = {
  summary: { average: 4.3, count: 5 },
  reviews: [
    {
      score: 4.7,
      comment: 'Spotless van.',
      author: 'Anna K.',
      language: 'en',
      // 22:30 UTC is the next day in Istanbul.
      writtenAt: '2026-11-20T22:30:00.000Z',
    },
    {
      score: 4,
      comment: 'Şoförümüz çok kibardı.',
      author: '',
      language: 'tr',
      writtenAt: '2026-11-02T09:00:00.000Z',
    },
  ],
}

const none: PublishedReviews = { summary: null, reviews: [] }

/**
 * The structured data of the pages with reviews: the rating of published
 * reviews only, none stated without them, and JSON that no comment can end
 * the script element with.
 */
describe('the business on the home page', () => {
  it('is a LocalBusiness with the rating of the published reviews', () => {
    expect(businessJsonLd(site, published)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': 'https://www.example.com/#business',
      name: 'Marmara Chauffeur',
      legalName: 'Marmara Turizm Ltd. Şti.',
      url: 'https://www.example.com/',
      telephone: '+90 212 000 00 00',
      email: 'hello@example.com',
      address: 'Bağdat Caddesi 1, İstanbul',
      sameAs: ['https://instagram.com/example'],
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.3,
        reviewCount: 5,
        bestRating: 5,
        worstRating: 1,
      },
    })
  })

  it('states no rating when no review is published', () => {
    const business = businessJsonLd({ ...site, social: [] }, none)
    expect(business).not.toHaveProperty('aggregateRating')
    expect(business).not.toHaveProperty('sameAs')
    expect(business).toMatchObject({ '@type': 'LocalBusiness', name: 'Marmara Chauffeur' })
  })
})

describe('a vehicle class', () => {
  it('is a Product with its rating and its newest reviews', () => {
    expect(vehicleClassJsonLd(vehicle, site.baseUrl, published, 'A traveller')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'VIP Minivan',
      description: 'Leather seats for six.',
      image: 'https://www.example.com/images/fleet/vip-minivan.svg',
      url: 'https://www.example.com/fleet-single/2',
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.3,
        reviewCount: 5,
        bestRating: 5,
        worstRating: 1,
      },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Anna K.' },
          reviewRating: { '@type': 'Rating', ratingValue: 4.7, bestRating: 5, worstRating: 1 },
          datePublished: '2026-11-21',
          reviewBody: 'Spotless van.',
          inLanguage: 'en',
        },
        {
          '@type': 'Review',
          // Signed with no name: attributed as the page says it.
          author: { '@type': 'Person', name: 'A traveller' },
          reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
          datePublished: '2026-11-02',
          reviewBody: 'Şoförümüz çok kibardı.',
          inLanguage: 'tr',
        },
      ],
    })
  })

  it('has no data at all when no review of the class is published', () => {
    expect(vehicleClassJsonLd(vehicle, site.baseUrl, none, 'A traveller')).toBeNull()
  })
})

describe('the script element’s text', () => {
  it('writes every < as \\u003c, so a comment cannot close the script, and parses back', () => {
    const comment = 'Great ride </script><script>alert(1)</script> <!-- & "quotes"'
    const data = vehicleClassJsonLd(
      vehicle,
      site.baseUrl,
      { ...published, reviews: [{ ...published.reviews[0]!, comment }] },
      'A traveller',
    )!
    const text = jsonLdText(data)
    expect(text).not.toContain('<')
    expect(text).toContain('\\u003c/script>')
    expect(JSON.parse(text)).toEqual(data)
    expect((JSON.parse(text) as { review: { reviewBody: string }[] }).review[0]!.reviewBody).toBe(
      comment,
    )
  })
})
