import type { SiteSettings } from '~/config/site'
import { istanbulDate } from '~/domain/booking-window'
import type { RatingSummary } from '~/domain/reviews/review-rules'
import type { PublishedReviews } from './published-reviews.server'

/**
 * The schema.org data of the pages that show travellers' reviews, as the JSON
 * of a `<script type="application/ld+json">` (a data block: the page cache
 * needs no nonce for it). Ratings come from published reviews only, and a page
 * with none states no rating at all.
 */

type JsonLd = Record<string, unknown>

const context = 'https://schema.org'

function aggregateRating(summary: RatingSummary): JsonLd {
  return {
    '@type': 'AggregateRating',
    ratingValue: summary.average,
    reviewCount: summary.count,
    bestRating: 5,
    worstRating: 1,
  }
}

/** The company as a local business, with the site's rating when reviews are published. */
export function businessJsonLd(
  site: Pick<SiteSettings, 'brand' | 'legalName' | 'baseUrl' | 'phone' | 'email' | 'address'> & {
    social?: SiteSettings['social']
  },
  published: PublishedReviews,
): JsonLd {
  const sameAs = (site.social ?? []).map((link) => link.url).filter(Boolean)
  return {
    '@context': context,
    '@type': 'LocalBusiness',
    '@id': `${site.baseUrl}/#business`,
    name: site.brand,
    ...(site.legalName ? { legalName: site.legalName } : {}),
    url: `${site.baseUrl}/`,
    ...(site.phone ? { telephone: site.phone } : {}),
    ...(site.email ? { email: site.email } : {}),
    ...(site.address ? { address: site.address } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(published.summary ? { aggregateRating: aggregateRating(published.summary) } : {}),
  }
}

/**
 * A vehicle class as a product, with its rating and its newest reviews; null
 * for a class no published review is about (a product with neither is no use
 * to a search engine).
 */
export function vehicleClassJsonLd(
  vehicle: { id: number; title: string; description: string; image: string },
  baseUrl: string,
  published: PublishedReviews,
  /** How a review signed with no name is attributed ("A traveller"). */
  anonymous: string,
): JsonLd | null {
  if (!published.summary) return null
  return {
    '@context': context,
    '@type': 'Product',
    name: vehicle.title,
    description: vehicle.description,
    image: new URL(vehicle.image, `${baseUrl}/`).toString(),
    url: `${baseUrl}/fleet-single/${vehicle.id}`,
    aggregateRating: aggregateRating(published.summary),
    review: published.reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author || anonymous },
      reviewRating: {
        '@type': 'Rating',
        ratingValue: review.score,
        bestRating: 5,
        worstRating: 1,
      },
      datePublished: istanbulDate(new Date(review.writtenAt)),
      reviewBody: review.comment,
      inLanguage: review.language,
    })),
  }
}

/**
 * The data as the script element's text: JSON whose every `<` is written
 * `\u003c`, so no text in it (a comment with `</script>`) can end the element.
 */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
