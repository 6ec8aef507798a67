/**
 * What a followed flight's change tells people: the pickup moved by a delay
 * (or back), the flight is cancelled, or it is diverted. Each notice names
 * its occasion, which ends every message's dedupe key, so a change is told
 * once however many runs see it: a delay by the arrival it announces, a
 * cancellation or diversion by the flight it befell.
 */
export type FlightNotice =
  | {
      kind: 'delayed'
      /** The ident (TK1984). */
      flight: string
      /** The landing now expected, and the pickup it gives. */
      landing: Date
      pickup: Date
      /** Minutes the pickup moves from the booked one (0 when back on time). */
      minutes: number
      statusText: string | null
    }
  | { kind: 'cancelled'; flight: string; statusText: string | null }
  | {
      kind: 'diverted'
      flight: string
      /** The airport it was to land at (IST, SAW). */
      airport: string
      statusText: string | null
    }

/** `<booking>:<what>`: the end of every dedupe key of this notice. */
export function noticeOccasion(bookingId: string, notice: FlightNotice): string {
  return notice.kind === 'delayed'
    ? `${bookingId}:${notice.landing.toISOString()}`
    : `${bookingId}:${notice.flight}`
}

/** The text kinds of a notice: the traveller's and the driver's. */
export const noticeTexts = {
  delayed: { traveller: 'flightDelayed', driver: 'driverFlightDelayed' },
  cancelled: { traveller: 'flightCancelled', driver: 'driverFlightCancelled' },
  diverted: { traveller: 'flightDiverted', driver: 'driverFlightDiverted' },
} as const
