/**
 * How a ride's review is asked for, scored, signed and summed (docs/reviews.md).
 * Pure rules: the store, the pages and the structured data all read them here.
 */

/** The request goes this long after the driver marks the ride finished. */
export const REVIEW_REQUEST_DELAY_HOURS = 2

/**
 * A ride finished longer ago than this is not asked about any more (a
 * maintenance run that was down for a while does not send stale requests).
 */
export const REVIEW_REQUEST_LATEST_HOURS = 72

/** A score at or below this, on any of the three questions, alerts dispatch. */
export const LOW_SCORE = 2

export const STARS = [1, 2, 3, 4, 5] as const

/** The three questions, in the order the form asks them. */
export const reviewAspects = ['driver', 'car', 'punctuality'] as const
export type ReviewAspect = (typeof reviewAspects)[number]

export type ReviewStars = Record<ReviewAspect, number>

/** Whether a request is due for a ride finished at `finishedAt`. */
export function reviewRequestDue(finishedAt: Date, now: Date): boolean {
  const since = now.getTime() - finishedAt.getTime()
  return (
    since >= REVIEW_REQUEST_DELAY_HOURS * 3_600_000 &&
    since <= REVIEW_REQUEST_LATEST_HOURS * 3_600_000
  )
}

/** The aspects scored low enough to tell dispatch at once. */
export function lowAspects(stars: ReviewStars): ReviewAspect[] {
  return reviewAspects.filter((aspect) => stars[aspect] <= LOW_SCORE)
}

/** One review's overall score: the mean of its three, to one decimal. */
export function overallScore(stars: ReviewStars): number {
  return roundToTenth((stars.driver + stars.car + stars.punctuality) / reviewAspects.length)
}

export interface RatingSummary {
  /** The mean of the reviews' overall scores, to one decimal. */
  average: number
  count: number
}

/**
 * The summary of a set of reviews (the site's published ones, a driver's).
 * Null for none: a page shows no rating rather than a made-up one.
 */
export function ratingSummary(scores: readonly number[]): RatingSummary | null {
  if (scores.length === 0) return null
  const total = scores.reduce((sum, score) => sum + score, 0)
  return { average: roundToTenth(total / scores.length), count: scores.length }
}

/**
 * How a published review is signed: the first given name and the family
 * name's initial ("Anna K."), never the whole name a traveller typed for the
 * driver's sign.
 */
export function reviewAuthorName(firstName: string | null, lastName: string | null): string {
  const first = (firstName ?? '').trim().split(/\s+/)[0] ?? ''
  const initial = Array.from((lastName ?? '').trim())[0]
  if (!first) return initial ? `${initial.toLocaleUpperCase()}.` : ''
  return initial ? `${first} ${initial.toLocaleUpperCase()}.` : first
}

function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10
}
