/**
 * What the evening-before check of a ride to the airport tells people: the
 * flight it catches leaves at another time, or is cancelled. Each notice
 * names its occasion, which ends every message's dedupe key, so a change is
 * told once however many runs or instances see it: a move by the departure
 * it announces, a cancellation by the booking it befell.
 */
export type DepartureNotice =
  | {
      kind: 'moved'
      /** The ident (TK1985). */
      flight: string
      /** The departure now expected, and the one it was (as given or last announced). */
      departure: Date
      previous: Date
      /** The pickup that would catch the new departure (departurePickup). */
      pickup: Date
    }
  | { kind: 'cancelled'; flight: string }

/** `<booking>:<new departure>` for a move, `<booking>` for a cancellation. */
export function departureOccasion(bookingId: string, notice: DepartureNotice): string {
  return notice.kind === 'moved' ? `${bookingId}:${notice.departure.toISOString()}` : bookingId
}

/** The traveller's text kind of each notice. */
export const departureTexts = {
  moved: 'departureMoved',
  cancelled: 'departureCancelled',
} as const
