import { fullClasses, noticeMinutes } from '~/capacity/search-capacity.server'
import { rideMinutes } from '~/domain/booking/ride-mode'
import { randomBytes } from 'node:crypto'
import type { Currency } from '~/domain/money/currency'
import { shownTripPriceMinor } from '~/domain/booking/money'
import { noReturn, type ReturnSearchValues } from '~/domain/return-search'
import { combineReturnQuotes } from '~/domain/pricing/return-trip'
import type { TripSearchValues } from '~/domain/trip-search'
import type { HourlySearchValues } from '~/domain/hourly-search'
import type { BookingRow } from '~/db/schema'
import type { DatabaseHandle } from '~/db/connect.server'
import type { SiteSettings } from '~/config/site'
import type { Language } from '~/i18n/config'
import { logger } from '~/utils/logger.server'
import { getEnv } from '~/config/env.server'
import { clientHash, takeRateLimitSlot, type RateLimitRule } from '~/db/rate-limit.server'
import type { Buyer } from './buyer'
import { getDatabase } from '~/db/db.server'
import { readDraftId } from './draft-cookie.server'
import { pageNoncePattern } from './vehicle-selection-form'
import {
  createDraft,
  DraftUnavailableError,
  findBooking,
  requoteDraft,
  type DraftInput,
} from './bookings.server'
import { isQuoteExpired } from '~/domain/booking/quote-hold'
import { quoteHourlyTrip, quoteTrip } from './trip-quote.server'
import { quoteRates } from '~/rates/quote-rates.server'
import { vehicleCapacity } from './booking-view.server'

export interface Selection {
  /** A transfer's search; or, for hire by the hour, `hire` holds the search. */
  values: TripSearchValues
  hire?: HourlySearchValues
  /** A transfer's return, when 'Add a return' was ticked. */
  back?: ReturnSearchValues
  currency: Currency
  vehicleClass: string
  /** The price the traveller saw on the card, in the currency's minor units. */
  shownMinor: number | undefined
  /** One page view of the vehicle step (a random nonce the loader made). */
  pageNonce: string | undefined
  language: Language
  site: SiteSettings
  /** The booking this browser already holds, if any. */
  previous: BookingRow | undefined
  /** A keyed hash of the client's network address (`clientHash`): new drafts are counted by it. */
  clientHash: string
  /** A partner signed in: the booking is their company's, for a guest. */
  partner?: { companyId: number; userId: number }
}

export type SelectionResult =
  | { kind: 'refused' }
  | { kind: 'price-changed' }
  /** The class is fully booked (or closed) at that time: the page shows the times it is free. */
  | { kind: 'full' }
  | { kind: 'limited' }
  | { kind: 'selected'; booking: BookingRow }

/**
 * New drafts one client may start: by default (DRAFTS_PER_ADDRESS) generous for
 * a family comparing vehicles or an agent booking for a group, far below a
 * script's thousands. Re-pricing a draft the browser holds, and a repeated
 * click on the same 'Select', are free.
 */
export function draftRateLimit(): RateLimitRule {
  return { name: 'draft', max: getEnv().DRAFTS_PER_ADDRESS, windowMinutes: 10 }
}

/** One view of the vehicle step: repeated 'Select' clicks from it name the same draft. */
export function newPageNonce(): string {
  return randomBytes(16).toString('base64url')
}

/** Whether a stored draft is the ride this Select priced: the same search, ride mode and hire. */
function sameRide(booking: BookingRow, input: DraftInput) {
  return (
    booking.trip_date === input.trip.date &&
    booking.trip_time === input.trip.time &&
    booking.pickup_place_id === input.pickup.id &&
    booking.destination_place_id === input.destination.id &&
    booking.ride_mode === (input.hire ? 'hourly' : 'transfer') &&
    booking.hire_hours === (input.hire?.hours ?? null) &&
    booking.planned_km === (input.hire?.plannedKm ?? null) &&
    booking.return_date === (input.back?.date ?? null) &&
    booking.return_time === (input.back?.time ?? null)
  )
}

type PricedRide = Pick<
  DraftInput,
  'pickup' | 'destination' | 'distance' | 'quote' | 'hire' | 'back' | 'prices'
> & {
  trip: DraftInput['trip']
  /** What the card showed for the class: both rides' prices for a return. */
  shown: Parameters<typeof shownTripPriceMinor>[0]
}

/** The ride a Select asks for, priced again from its search, for its class; undefined if refused. */
async function pricedRide(
  selection: Selection,
  now: Date,
  notice: number,
): Promise<PricedRide | undefined> {
  if (selection.hire) {
    const result = await quoteHourlyTrip(selection.hire, now, notice)
    if (result.kind !== 'priced') return undefined
    const quote = result.classes.find((candidate) => candidate.code === selection.vehicleClass)
    if (!quote) return undefined
    return {
      trip: {
        date: selection.hire.date,
        time: selection.hire.time,
        pickupText: selection.hire.pickup,
        destinationText: selection.hire.pickup,
      },
      pickup: result.pickup,
      destination: result.pickup,
      distance: result.distance,
      quote,
      hire: { hours: result.hours, plannedKm: result.plannedKm },
      shown: quote,
      prices: result.prices,
    }
  }
  const back = selection.back ?? noReturn
  const result = await quoteTrip(selection.values, now, back, notice)
  if (result.kind !== 'priced') return undefined
  const index = result.classes.findIndex((candidate) => candidate.code === selection.vehicleClass)
  const quote = result.classes[index]
  if (!quote || quote.cents <= 0) return undefined
  const trip = result.back ? combineReturnQuotes(result.classes, result.back.classes)[index]! : null
  if (trip && trip.cents <= 0) return undefined
  return {
    shown: trip ?? quote,
    back: trip ? { date: back.date, time: back.time, quote: trip.back } : undefined,
    trip: {
      date: selection.values.date,
      time: selection.values.time,
      pickupText: selection.values.pickup,
      destinationText: selection.values.destination,
    },
    pickup: result.pickup,
    destination: result.destination,
    distance: result.distance,
    quote,
    prices: result.prices,
  }
}

/**
 * 'Select' on the vehicle step. The trip is priced again from scratch; the
 * browser's class is only a choice among the four, and the price it saw is only
 * compared, never used: if it differs the traveller is shown the new prices
 * instead of being charged a price they did not see. The browser's existing
 * draft for the same trip is re-priced in place (going back and choosing again
 * makes no second booking); otherwise a new draft takes over what was typed.
 */
export async function selectVehicle(
  handle: DatabaseHandle,
  selection: Selection,
  now: Date,
): Promise<SelectionResult> {
  const ride = await pricedRide(selection, now, await noticeMinutes(handle.db, now))
  if (!ride) return { kind: 'refused' }
  const { shown, ...priced } = ride
  const quote = priced.quote

  // A Select from a page that showed the class free, or a crafted one: the fleet decides.
  const full = await fullClasses(
    handle.db,
    {
      date: ride.trip.date,
      time: ride.trip.time,
      minutes: ride.hire
        ? ride.hire.hours * 60
        : rideMinutes({
            ride_mode: 'transfer',
            hire_hours: null,
            distance_km: ride.distance.km,
            route_minutes: 'minutes' in ride.distance ? (ride.distance.minutes ?? null) : null,
          }),
      mode: ride.hire ? 'hourly' : 'transfer',
      back: ride.back ? { date: ride.back.date, time: ride.back.time } : null,
    },
    [quote.code],
    selection.language,
    now,
  )
  if (full[quote.code]) return { kind: 'full' }

  const rates = await quoteRates(handle, now)
  if (shownTripPriceMinor(shown, selection.currency, rates) !== selection.shownMinor) {
    return { kind: 'price-changed' }
  }

  const input: DraftInput = {
    ...priced,
    language: selection.language,
    currency: selection.currency,
    rates,
  }
  const selectionKey =
    selection.pageNonce && pageNoncePattern.test(selection.pageNonce)
      ? `${selection.pageNonce}:${quote.code}`
      : undefined
  const previous = selection.previous

  if (
    previous?.status === 'draft' &&
    !isQuoteExpired(previous, now) &&
    previous.currency === selection.currency &&
    previous.company_id === (selection.partner?.companyId ?? null) &&
    sameRide(previous, input)
  ) {
    try {
      const capacity = vehicleCapacity(quote.code)
      const booking = await requoteDraft(handle, previous.id, input, capacity, now, selectionKey)
      return { kind: 'selected', booking }
    } catch (error) {
      if (!(error instanceof DraftUnavailableError)) throw error
      // Expired or submitted meanwhile: start a new draft below.
    }
  }
  const carryFrom =
    previous && (previous.status === 'draft' || previous.status === 'expired')
      ? previous
      : undefined
  // Counted in the database, so the limit holds across instances.
  const rule = draftRateLimit()
  const slot = await takeRateLimitSlot(handle, rule, selection.clientHash, now)
  if (!slot) {
    logger.warn('booking.draft_rate_limited', { rule: rule.name })
    return { kind: 'limited' }
  }
  let drafted: Awaited<ReturnType<typeof createDraft>>
  try {
    drafted = await createDraft(handle, input, now, {
      selectionKey,
      carryFrom,
      partner: selection.partner,
    })
  } catch (error) {
    await slot.release()
    throw error
  }
  const { booking, created } = drafted
  // A repeated click found the draft its first click made: no new draft, nothing counted.
  if (!created) await slot.release()
  if (created) {
    logger.info('booking.draft_created', {
      reference: booking.reference,
      vehicleClass: booking.vehicle_class,
      rule: booking.pricing_rule,
    })
  }
  return { kind: 'selected', booking }
}

/**
 * 'Select' as the vehicle step's action makes it: the browser's current draft
 * (its signed cookie) and the client's hashed address come from the request,
 * the database is the process's.
 */
export async function selectVehicleFor(
  request: Request,
  clientAddress: string,
  choice: Omit<Selection, 'previous' | 'clientHash' | 'partner'>,
  buyer: Buyer,
  now: Date,
): Promise<SelectionResult> {
  const handle = await getDatabase()
  const draftId = await readDraftId(request)
  return selectVehicle(
    handle,
    {
      ...choice,
      // A company's bookings are in euros: its credit and statements are.
      ...(buyer.kind === 'company'
        ? {
            currency: 'EUR' as const,
            partner: { companyId: buyer.companyId, userId: buyer.userId },
          }
        : {}),
      previous: draftId ? await findBooking(handle, draftId) : undefined,
      clientHash: clientHash(clientAddress, getEnv().SESSION_SECRET[0]!),
    },
    now,
  )
}
