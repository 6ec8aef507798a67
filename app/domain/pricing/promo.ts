import { toBookingMinor, type LockedRate } from '~/domain/booking/money'
import { isVehicleClassCode, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { airportCodeOf } from '~/domain/flights/airport-code'

/**
 * Promo codes: whether a code applies to a booking, and what it takes off.
 * Pure: the storage side (app/booking/promo-codes.server.ts) reads the code,
 * its uses and the traveller's earlier bookings, and asks here. docs/pricing.md
 * ("Promo codes") says the same rules in words.
 */

export const promoKinds = ['percent', 'fixed'] as const
export type PromoKind = (typeof promoKinds)[number]

/**
 * The kinds of ride a code may be limited to; a booking matches a code when
 * it is any one of the kinds listed (none listed: every ride).
 * - `airport`: to or from either Istanbul airport;
 * - `airport-IST` / `airport-SAW`: to or from that airport;
 * - `intercity`: priced as a ride between cities;
 * - `city`: priced as a ride within the city;
 * - `hourly`: hire by the hour.
 */
export const promoRideKinds = [
  'airport',
  'airport-IST',
  'airport-SAW',
  'intercity',
  'city',
  'hourly',
] as const
export type PromoRideKind = (typeof promoRideKinds)[number]

export function isPromoRideKind(value: unknown): value is PromoRideKind {
  return typeof value === 'string' && (promoRideKinds as readonly string[]).includes(value)
}

/**
 * Why a code does not apply, each shown beside the field from
 * `booking.promo.errors.<reason>` in the traveller's language.
 * `returnTrip`: a trip there and back is charged once for two bookings that
 * share the payment; a discount is not split between them, so codes are for
 * single rides. `coversTotal`: a code never makes a ride (nearly) free.
 */
export const promoRefusals = [
  'unknown',
  'inactive',
  'notYetValid',
  'expired',
  'returnTrip',
  'wrongClass',
  'wrongRoute',
  'belowMinimum',
  'usedUp',
  'usedUpForEmail',
  'notFirstRide',
  'coversTotal',
] as const
export type PromoRefusal = (typeof promoRefusals)[number]

export function promoMessageKey(reason: PromoRefusal): string {
  return `booking.promo.errors.${reason}`
}

/**
 * What remains to pay after a discount is never less than this, in the
 * booking's minor units (one euro, lira, dollar or pound): a payment provider
 * refuses a zero charge, and a deposit of 30 % of a few cents rounds to none.
 */
export const MINIMUM_CHARGE_MINOR = 100

/** A code's rules as stored, read into domain values. */
export interface PromoRules {
  code: string
  kind: PromoKind
  percent: number | null
  amountCents: number | null
  /** Istanbul dates, inclusive; null: no bound. */
  validFrom: string | null
  validUntil: string | null
  maxUses: number | null
  maxUsesPerEmail: number | null
  vehicleClasses: readonly VehicleClassCode[] | null
  rideKinds: readonly PromoRideKind[] | null
  minAmountCents: number | null
  firstRideOnly: boolean
  active: boolean
}

/** The parts of a booking a code's rules read. */
export interface PromoBooking extends LockedRate {
  total_minor: number
  /** The same total in euro cents: the minimum amount is set in euros. */
  total_cents: number
  vehicle_class: VehicleClassCode
  pricing_rule: string
  ride_mode: string
  pickup_place_id: number
  destination_place_id: number
  return_vehicle_cents: number | null
}

/** The code's uses as stored, leaving out the one this booking may already hold. */
export interface PromoUsage {
  usesByOthers: number
  usesByOthersForEmail: number
  /** The traveller's e-mail has an earlier paid booking. */
  hasPaidBooking: boolean
}

export type PromoVerdict = { ok: true; discountMinor: number } | { ok: false; reason: PromoRefusal }

/** A code as typed: trimmed, inner spaces dropped, upper-case (codes are stored so). */
export function normalisePromoCode(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase()
}

/** Letters, digits and dashes, 3 to 32 of them: what staff may name a code. */
export const promoCodePattern = /^[A-Z0-9-]{3,32}$/

/** An e-mail as the per-e-mail limit counts it. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** The ride kinds a booking is: a booking to SAW is `airport` and `airport-SAW`. */
export function rideKindsOf(booking: PromoBooking): PromoRideKind[] {
  if (booking.ride_mode === 'hourly') return ['hourly']
  const kinds: PromoRideKind[] = []
  const airports = [
    airportCodeOf(booking.pickup_place_id),
    airportCodeOf(booking.destination_place_id),
  ]
  if (booking.pricing_rule.startsWith('airport') || airports.some(Boolean)) kinds.push('airport')
  if (airports.includes('IST')) kinds.push('airport-IST')
  if (airports.includes('SAW')) kinds.push('airport-SAW')
  if (booking.pricing_rule === 'intercity') kinds.push('intercity')
  if (booking.pricing_rule === 'within-city') kinds.push('city')
  return kinds
}

/**
 * The discount a code gives on a booking's total, in its minor units: a
 * percent of the total (rounded half up), or the fixed euro amount converted
 * at the booking's locked rate, as every other euro price of the booking is.
 */
export function promoDiscountMinor(
  rules: Pick<PromoRules, 'kind' | 'percent' | 'amountCents'>,
  booking: LockedRate & { total_minor: number },
): number {
  if (rules.kind === 'percent')
    return Math.round((booking.total_minor * (rules.percent ?? 0)) / 100)
  return toBookingMinor(rules.amountCents ?? 0, booking)
}

/**
 * Whether `rules` applies to `booking` on the Istanbul date `today`, and its
 * discount. The first reason that holds is the one given, from the code
 * itself (known, active, dated) to the booking, then the uses.
 */
export function evaluatePromo(
  rules: PromoRules | undefined,
  booking: PromoBooking,
  usage: PromoUsage,
  today: string,
): PromoVerdict {
  const refuse = (reason: PromoRefusal): PromoVerdict => ({ ok: false, reason })
  if (!rules) return refuse('unknown')
  if (!rules.active) return refuse('inactive')
  if (rules.validFrom && today < rules.validFrom) return refuse('notYetValid')
  if (rules.validUntil && today > rules.validUntil) return refuse('expired')
  if (booking.return_vehicle_cents !== null) return refuse('returnTrip')
  if (rules.vehicleClasses?.length && !rules.vehicleClasses.includes(booking.vehicle_class)) {
    return refuse('wrongClass')
  }
  if (rules.rideKinds?.length) {
    const kinds = rideKindsOf(booking)
    if (!rules.rideKinds.some((kind) => kinds.includes(kind))) return refuse('wrongRoute')
  }
  if (rules.minAmountCents !== null && booking.total_cents < rules.minAmountCents) {
    return refuse('belowMinimum')
  }
  if (rules.maxUses !== null && usage.usesByOthers >= rules.maxUses) return refuse('usedUp')
  if (rules.maxUsesPerEmail !== null && usage.usesByOthersForEmail >= rules.maxUsesPerEmail) {
    return refuse('usedUpForEmail')
  }
  if (rules.firstRideOnly && usage.hasPaidBooking) return refuse('notFirstRide')
  const discountMinor = promoDiscountMinor(rules, booking)
  if (booking.total_minor - discountMinor < MINIMUM_CHARGE_MINOR) return refuse('coversTotal')
  return { ok: true, discountMinor }
}

/** What the card and the driver are asked for: the total less its discount. */
export function payableMinor(booking: { total_minor: number; discount_minor?: number }): number {
  return booking.total_minor - (booking.discount_minor ?? 0)
}

/** A stored comma-separated list read back, unknown entries dropped. */
export function readVehicleClasses(stored: string | null): VehicleClassCode[] | null {
  if (!stored) return null
  const codes = stored.split(',').filter(isVehicleClassCode)
  return codes.length ? codes : null
}

export function readRideKinds(stored: string | null): PromoRideKind[] | null {
  if (!stored) return null
  const kinds = stored.split(',').filter(isPromoRideKind)
  return kinds.length ? kinds : null
}

/** A stored code's row as the rules above read it. */
export function promoRulesOf(row: {
  code: string
  kind: PromoKind
  percent: number | null
  amount_cents: number | null
  valid_from: string | null
  valid_until: string | null
  max_uses: number | null
  max_uses_per_email: number | null
  vehicle_classes: string | null
  ride_kinds: string | null
  min_amount_cents: number | null
  first_ride_only: number
  active: number
}): PromoRules {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountCents: row.amount_cents,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    maxUses: row.max_uses,
    maxUsesPerEmail: row.max_uses_per_email,
    vehicleClasses: readVehicleClasses(row.vehicle_classes),
    rideKinds: readRideKinds(row.ride_kinds),
    minAmountCents: row.min_amount_cents,
    firstRideOnly: row.first_ride_only === 1,
    active: row.active === 1,
  }
}
