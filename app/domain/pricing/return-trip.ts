import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { estimatedHours, pickupInstant } from '~/domain/trip-search'
import { quoteClasses, type ClassQuote, type QuoteInput } from './quote'

/**
 * A trip there and back, booked and paid once: each leg is priced by the
 * ordinary rules on its own (its own pickup place and time, so its own peak
 * window), and the class's price is the sum. A class that cannot take one leg
 * cannot take the trip.
 */

/** The least time between the outbound's estimated arrival and the return pickup. */
export const RETURN_MARGIN_MINUTES = 60

export interface ReturnClassQuote {
  code: VehicleClassCode
  /** Both legs, in euro cents; 0 when either leg is unavailable in this class. */
  cents: number
  outbound: ClassQuote
  back: ClassQuote
}

export function quoteReturnTrip(outbound: QuoteInput, back: QuoteInput): ReturnClassQuote[] {
  return combineReturnQuotes(quoteClasses(outbound), quoteClasses(back))
}

/** Each class's two legs as one price: both legs' sum, or 0 when either leg is unavailable. */
export function combineReturnQuotes(
  outboundQuotes: ClassQuote[],
  backQuotes: ClassQuote[],
): ReturnClassQuote[] {
  return outboundQuotes.map((outboundQuote, index) => {
    const backQuote = backQuotes[index]!
    const available = outboundQuote.cents > 0 && backQuote.cents > 0
    return {
      code: outboundQuote.code,
      cents: available ? outboundQuote.cents + backQuote.cents : 0,
      outbound: outboundQuote,
      back: backQuote,
    }
  })
}

/**
 * The earliest return pickup: the outbound's pickup, plus its estimated
 * driving time (the same estimate the calendar file and dispatch use), plus
 * the margin.
 */
export function earliestReturnPickup(date: string, time: string, distanceKm: number): Date {
  const minutes = estimatedHours(distanceKm) * 60 + RETURN_MARGIN_MINUTES
  return new Date(pickupInstant(date, time).getTime() + minutes * 60_000)
}

/** Whether a return picked up at `back` leaves enough time after the outbound trip. */
export function isReturnLateEnough(
  outbound: { date: string; time: string },
  back: { date: string; time: string },
  distanceKm: number,
): boolean {
  const earliest = earliestReturnPickup(outbound.date, outbound.time, distanceKm)
  return pickupInstant(back.date, back.time).getTime() >= earliest.getTime()
}
