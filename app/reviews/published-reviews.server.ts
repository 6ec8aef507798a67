import { getDatabase } from '~/db/db.server'
import type { Executor } from '~/db/executor'
import { overallScore, ratingSummary, type RatingSummary } from '~/domain/reviews/review-rules'
import { logger } from '~/utils/logger.server'
import { publishedScores, starsOf } from './reviews.server'

/**
 * The travellers' reviews the site shows (docs/reviews.md), kept in memory like
 * the price lists (app/pricing/prices-in-force.server.ts): the home page and the
 * class pages read this copy, never the database, and are kept by the page
 * cache under its generation. Every instance asks the database at most every
 * REFRESH_MS whether what is published changed (one small query) and reloads
 * only then, so a review staff publish or hide on one instance reaches the
 * pages of every other within that time.
 */

/** How old the copy in memory may be before the next page asks for a fresh one. */
export const REFRESH_MS = 30_000

/** How many reviews (with a comment) the home page and each class page show. */
export const SHOWN_REVIEWS = 3

/** A published review as the pages show it: no booking id, no driver. */
export interface ShownReview {
  /** The review's overall score (review-rules' `overallScore`). */
  score: number
  comment: string
  /** Signed as the traveller agreed: "Anna K."; empty when no name was given. */
  author: string
  /** The language it was written in: the comment's `lang`. */
  language: string
  /** When it was written (ISO 8601, UTC). */
  writtenAt: string
}

/** What one page shows: the rating of all its reviews, and the newest with a comment. */
export interface PublishedReviews {
  /** Null when nothing is published: the page shows no rating at all. */
  summary: RatingSummary | null
  reviews: ShownReview[]
}

/** The whole copy: the site's reviews, and each class's by its code. */
export interface PublishedCopy {
  site: PublishedReviews
  byClass: Record<string, PublishedReviews>
}

const nothing: PublishedReviews = { summary: null, reviews: [] }

const publishedRows = (executor: Executor) =>
  executor
    .selectFrom('ride_reviews')
    .where('status', '=', 'published')
    .where('publish_consent', '=', 1)

/**
 * What changes when a review is published or hidden (or its ride erased): how
 * many are published, the latest moderation among them (a publish always moves
 * it) and the sum of their stars (so that one hidden and another published in
 * the same interval, by instances whose clocks disagree, still changes it).
 */
export async function publishedSignature(executor: Executor): Promise<string> {
  const row = await publishedRows(executor)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('moderated_at').as('latest'),
      eb.fn
        .sum<number>(eb('driver_stars', '+', eb('car_stars', '+', eb.ref('punctuality_stars'))))
        .as('stars'),
    ])
    .executeTakeFirst()
  return `${Number(row?.count ?? 0)}:${row?.latest ?? ''}:${Number(row?.stars ?? 0)}`
}

/** The newest published reviews with a comment, of one class or of all. */
async function newestWithComment(executor: Executor, vehicleClass?: string) {
  let query = publishedRows(executor)
    .select([
      'driver_stars',
      'car_stars',
      'punctuality_stars',
      'comment',
      'author_name',
      'language',
      'created_at',
    ])
    .where('comment', 'is not', null)
    .where('comment', '!=', '')
  if (vehicleClass) query = query.where('vehicle_class', '=', vehicleClass)
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('booking_id', 'desc')
    .limit(SHOWN_REVIEWS)
    .execute()
  return rows.map((row): ShownReview => ({
    score: overallScore(starsOf(row)),
    comment: row.comment ?? '',
    author: row.author_name,
    language: row.language,
    writtenAt: row.created_at,
  }))
}

/** Reads what the pages show from the database: the summaries and the newest reviews. */
export async function loadPublished(executor: Executor): Promise<PublishedCopy> {
  const scores = await publishedScores(executor)
  const classes = [...new Set(scores.map((one) => one.vehicleClass))]
  const summaryOf = (vehicleClass?: string) =>
    ratingSummary(
      scores
        .filter((one) => vehicleClass === undefined || one.vehicleClass === vehicleClass)
        .map((one) => one.score),
    )
  const site = { summary: summaryOf(), reviews: await newestWithComment(executor) }
  const byClass: Record<string, PublishedReviews> = {}
  for (const code of classes) {
    byClass[code] = { summary: summaryOf(code), reviews: await newestWithComment(executor, code) }
  }
  return { site, byClass }
}

/** One instance's copy of the published reviews, over one database. */
export function publishedReviewsCache(
  executor: () => Promise<Executor>,
  options: { refreshMs?: number; clock?: () => number } = {},
) {
  const refreshMs = options.refreshMs ?? REFRESH_MS
  const clock = options.clock ?? Date.now
  let copy: PublishedCopy = { site: nothing, byClass: {} }
  let signature: string | undefined
  let generation = 0
  let checkedAt = -Infinity
  let inFlight: Promise<void> | undefined

  async function reload() {
    const db = await executor()
    const latest = await publishedSignature(db)
    if (latest !== signature) {
      copy = await loadPublished(db)
      signature = latest
      generation++
      logger.info('reviews.loaded', { published: copy.site.summary?.count ?? 0, generation })
    }
    checkedAt = clock()
  }

  async function fresh(): Promise<PublishedCopy> {
    if (clock() - checkedAt >= refreshMs) {
      inFlight ??= reload().finally(() => {
        inFlight = undefined
      })
      try {
        await inFlight
      } catch (error) {
        // A database hiccup keeps the copy it has (none at first: the pages then
        // show no reviews rather than fail) and asks again after the interval.
        checkedAt = clock()
        logger.warn('reviews.refresh_failed', { error: String(error) })
      }
    }
    return copy
  }

  return {
    /** The site's rating and newest reviews: the home page's. */
    async forSite(): Promise<PublishedReviews> {
      return (await fresh()).site
    },
    /** A class's rating and newest reviews, by its code. */
    async forClass(vehicleClass: string): Promise<PublishedReviews> {
      return (await fresh()).byClass[vehicleClass] ?? nothing
    },
    /**
     * Which copy the pages are rendered from, from memory, never waiting: part
     * of the kept pages' key, it changes whenever what is published changes. A
     * copy older than the refresh interval is refreshed in the background.
     */
    generationNow(): number {
      if (clock() - checkedAt >= refreshMs) fresh().catch(() => undefined)
      return generation
    },
    /** Forget the copy's age: the next call asks the database (after a moderation here). */
    invalidate() {
      checkedAt = -Infinity
    },
  }
}

export type PublishedReviewsCache = ReturnType<typeof publishedReviewsCache>

let processCache: PublishedReviewsCache | undefined

/** The process's copy over its database. */
export function publishedReviewsNow(): PublishedReviewsCache {
  processCache ??= publishedReviewsCache(async () => (await getDatabase()).db)
  return processCache
}
