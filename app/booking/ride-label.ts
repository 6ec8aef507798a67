import { formatDate } from '~/utils/format'
import type { Language } from '~/i18n/config'

export type Translate = (key: string, options?: Record<string, unknown>) => string

/** A ride's ends as the pages and e-mails name them; `hire` when it is hired by the hour. */
export interface RideEnds {
  from: string
  to: string
  hire: { hours: number } | null
}

/**
 * A ride in one line, as lists, subjects and calendar events show it: a
 * transfer as "From → To", a hire by the hour as where it starts and for how
 * long ("Kadıköy, hire by the hour for 4 hours"). Pure, so server and pages word it alike.
 */
export function rideLine(t: Translate, ride: RideEnds): string {
  return ride.hire
    ? t('ride.hireLine', { from: ride.from, count: ride.hire.hours })
    : t('ride.transferLine', { from: ride.from, to: ride.to })
}

/** A return ride as one line: "Şile → Sabiha Gökçen Airport (SAW), 1 December 2026 at 18:00". */
export function returnLine(
  t: Translate,
  back: { from: string; to: string; date: string; time: string },
  language: Language,
): string {
  return t('booking.return.when', {
    from: back.from,
    to: back.to,
    date: formatDate(back.date, language),
    time: back.time,
  })
}

/** A return ride as the facts of a booking show it: when, and where exactly it collects. */
export interface ReturnRideFacts {
  from: string
  to: string
  date: string
  time: string
  /** The exact address or hotel of a pickup in town, once the traveller gave it. */
  pickupAddress?: string | null
  /** The flight landing before a pickup at an airport, once the traveller gave it. */
  flightNumber?: string | null
}

/**
 * A return ride as rows of facts, the same on every page and e-mail: the
 * ride in one line, then its pickup's exact address or arriving flight, as
 * the outbound's pickup is shown.
 */
export function returnRideFacts(
  t: Translate,
  back: ReturnRideFacts,
  language: Language,
): [string, string][] {
  return [
    [t('booking.return.label'), returnLine(t, back, language)],
    ...(back.pickupAddress
      ? ([[t('booking.return.pickupAddress'), back.pickupAddress]] as [string, string][])
      : []),
    ...(back.flightNumber
      ? ([[t('booking.return.flightNumber'), back.flightNumber]] as [string, string][])
      : []),
  ]
}

/**
 * The references of a ride's booking. A return ride is a booking of its own
 * (made when the trip was paid) with a reference the traveller never sees:
 * their confirmation and voucher show only the trip's, the outbound's.
 */
export interface RideReferences {
  /** The booking's own reference. */
  own: string
  /** For a return ride, the trip's reference (its outbound's); null for any other ride. */
  returnOf: string | null
}

/**
 * The reference the traveller knows a ride by: the trip's, a return ride
 * marked as such with its own beside it ("MC-TRIP (Return, MC-OWN)").
 */
export function travellerReference(t: Translate, ride: RideReferences): string {
  return ride.returnOf ? `${ride.returnOf} (${t('booking.return.label')}, ${ride.own})` : ride.own
}

/** A ride as staff match it: its own booking first, then the trip the traveller's papers show. */
export function staffReference(t: Translate, ride: RideReferences): string {
  return ride.returnOf ? t('ops.returnOf', { reference: ride.own, trip: ride.returnOf }) : ride.own
}
