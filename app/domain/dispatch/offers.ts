import type { Place } from '../places/types'
import { greatCircleKm } from '../distance/geo'

/**
 * The rules of jobs offered to drivers (docs/dispatch.md, "Offering a job"),
 * pure: when an offer lapses, what a driver sees of one, and in what order
 * the board suggests drivers for a ride.
 */

export const offerStatuses = [
  'open',
  'accepted',
  'declined',
  'taken',
  'expired',
  'withdrawn',
] as const
export type OfferStatus = (typeof offerStatuses)[number]

/** The longest and shortest time a driver may be given to answer. */
export const OFFER_MINUTES_MIN = 2
export const OFFER_MINUTES_MAX = 24 * 60

/** The deadline of an offer made at `now` with `minutes` to answer. */
export function offerDeadline(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000)
}

/**
 * The status an offer has at `now`: an open one whose deadline has passed is
 * expired, whether or not the periodic job has written it yet.
 */
export function offerStatusAt(
  offer: { status: OfferStatus; expires_at: string },
  now: Date,
): OfferStatus {
  if (offer.status === 'open' && offer.expires_at <= now.toISOString()) return 'expired'
  return offer.status
}

/**
 * Where a ride's offers leave it, for the board: `waiting` while one is open
 * (with the first deadline), `lapsed` when every one was declined, expired or
 * withdrawn and none accepted, which sends the ride back to a dispatcher.
 */
export type OfferRound =
  | { kind: 'none' }
  | { kind: 'waiting'; open: number; firstDeadline: string }
  | { kind: 'accepted' }
  | { kind: 'lapsed'; offered: number }

export function offerRound(
  offers: readonly { status: OfferStatus; expires_at: string }[],
  now: Date,
): OfferRound {
  if (offers.length === 0) return { kind: 'none' }
  const statuses = offers.map((offer) => offerStatusAt(offer, now))
  if (statuses.includes('accepted')) return { kind: 'accepted' }
  const open = offers.filter((_, index) => statuses[index] === 'open')
  if (open.length > 0) {
    const firstDeadline = open.map((offer) => offer.expires_at).sort()[0]!
    return { kind: 'waiting', open: open.length, firstDeadline }
  }
  return { kind: 'lapsed', offered: offers.length }
}

/** A driver the board may suggest for a ride, with where they would come from. */
export interface SuggestionCandidate {
  driverId: number
  name: string
  /** Where their previous ride before this one ends, if they have one that day. */
  comingFrom: Place | null
}

export interface Suggestion {
  driverId: number
  name: string
  /** Road kilometres (estimated) from their previous drop-off to this pickup; null: no ride before. */
  km: number | null
  comingFrom: Place | null
}

/**
 * The drivers in the order the board suggests them: those nearest to the
 * pickup after their previous drop-off first (great-circle distance times
 * the road factor, the builtin estimate of a road distance), then those with
 * no ride before this one (they start from wherever they are), by name.
 */
export function rankSuggestions(
  candidates: readonly SuggestionCandidate[],
  pickup: Place | undefined,
  roadFactor: number,
): Suggestion[] {
  const ranked = candidates.map((candidate) => ({
    driverId: candidate.driverId,
    name: candidate.name,
    comingFrom: candidate.comingFrom,
    km:
      candidate.comingFrom && pickup
        ? Math.round(greatCircleKm(candidate.comingFrom, pickup) * roadFactor)
        : null,
  }))
  return ranked.sort(
    (a, b) =>
      (a.km ?? Number.POSITIVE_INFINITY) - (b.km ?? Number.POSITIVE_INFINITY) ||
      a.name.localeCompare(b.name, 'tr') ||
      a.driverId - b.driverId,
  )
}

/**
 * The driver the automatic mode offers a ride to next: the first suggested
 * one not offered it before. Undefined when every suggested driver has had
 * their turn: the ride is then a dispatcher's.
 */
export function nextInTurn(
  suggestions: readonly Suggestion[],
  alreadyOffered: ReadonlySet<number>,
): Suggestion | undefined {
  return suggestions.find((suggestion) => !alreadyOffered.has(suggestion.driverId))
}
