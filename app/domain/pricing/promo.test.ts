import { describe, expect, it } from 'vitest'
import {
  evaluatePromo,
  normalisePromoCode,
  payableMinor,
  promoDiscountMinor,
  promoRulesOf,
  rideKindsOf,
  type PromoBooking,
  type PromoRules,
  type PromoUsage,
} from './promo'

const rules: PromoRules = {
  code: 'WELCOME10',
  kind: 'percent',
  percent: 10,
  amountCents: null,
  validFrom: '2026-11-01',
  validUntil: '2026-11-30',
  maxUses: 5,
  maxUsesPerEmail: 1,
  vehicleClasses: null,
  rideKinds: null,
  minAmountCents: null,
  firstRideOnly: false,
  active: true,
}

// Sabiha Gökçen (2) to Şile (1033), in euros.
const booking: PromoBooking = {
  total_minor: 12900,
  total_cents: 12900,
  currency: 'EUR',
  rate: '1',
  rates_date: '2026-11-20',
  vehicle_class: 'LUXMNVN',
  pricing_rule: 'airport',
  ride_mode: 'transfer',
  pickup_place_id: 2,
  destination_place_id: 1033,
  return_vehicle_cents: null,
}

const unused: PromoUsage = { usesByOthers: 0, usesByOthersForEmail: 0, hasPaidBooking: false }
const today = '2026-11-27'

describe('evaluatePromo', () => {
  it('takes a percent of the total, rounded half up', () => {
    expect(evaluatePromo(rules, booking, unused, today)).toEqual({ ok: true, discountMinor: 1290 })
    expect(promoDiscountMinor({ ...rules, percent: 15 }, { ...booking, total_minor: 12345 })).toBe(
      1852,
    )
  })

  it('converts a fixed euro amount at the booking’s locked rate, not today’s', () => {
    const fixed = { ...rules, kind: 'fixed' as const, percent: null, amountCents: 1000 }
    const inLira = { ...booking, currency: 'TRY' as const, rate: '36.5', total_minor: 470850 }
    expect(evaluatePromo(fixed, inLira, unused, today)).toEqual({ ok: true, discountMinor: 36500 })
  })

  it('gives each reason a code does not apply', () => {
    const verdict = (changed: Partial<PromoRules>, on = booking, usage = unused) =>
      evaluatePromo({ ...rules, ...changed }, on, usage, today)
    expect(evaluatePromo(undefined, booking, unused, today)).toEqual({
      ok: false,
      reason: 'unknown',
    })
    expect(verdict({ active: false })).toEqual({ ok: false, reason: 'inactive' })
    expect(verdict({ validFrom: '2026-11-28' })).toEqual({ ok: false, reason: 'notYetValid' })
    expect(verdict({ validUntil: '2026-11-26' })).toEqual({ ok: false, reason: 'expired' })
    expect(verdict({}, { ...booking, return_vehicle_cents: 9000 })).toEqual({
      ok: false,
      reason: 'returnTrip',
    })
    expect(verdict({ vehicleClasses: ['ECOMNVN'] })).toEqual({ ok: false, reason: 'wrongClass' })
    expect(verdict({ rideKinds: ['airport-IST', 'city'] })).toEqual({
      ok: false,
      reason: 'wrongRoute',
    })
    expect(verdict({ minAmountCents: 13000 })).toEqual({ ok: false, reason: 'belowMinimum' })
    expect(verdict({}, booking, { ...unused, usesByOthers: 5 })).toEqual({
      ok: false,
      reason: 'usedUp',
    })
    expect(verdict({}, booking, { ...unused, usesByOthersForEmail: 1 })).toEqual({
      ok: false,
      reason: 'usedUpForEmail',
    })
    expect(verdict({ firstRideOnly: true }, booking, { ...unused, hasPaidBooking: true })).toEqual({
      ok: false,
      reason: 'notFirstRide',
    })
    expect(verdict({ percent: 100 })).toEqual({ ok: false, reason: 'coversTotal' })
  })

  it('counts the validity dates inclusive and no limit as unlimited', () => {
    expect(evaluatePromo(rules, booking, unused, '2026-11-01').ok).toBe(true)
    expect(evaluatePromo(rules, booking, unused, '2026-11-30').ok).toBe(true)
    const open = {
      ...rules,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      maxUsesPerEmail: null,
    }
    const busy = { usesByOthers: 10_000, usesByOthersForEmail: 50, hasPaidBooking: true }
    expect(evaluatePromo(open, booking, busy, '2030-01-01').ok).toBe(true)
  })

  it('matches a ride kind, class and minimum that fit', () => {
    const narrow = {
      ...rules,
      vehicleClasses: ['LUXMNVN' as const],
      rideKinds: ['airport-SAW' as const],
      minAmountCents: 12900,
    }
    expect(evaluatePromo(narrow, booking, unused, today).ok).toBe(true)
  })

  it('never leaves less than the minimum charge to pay', () => {
    const fixed = { ...rules, kind: 'fixed' as const, percent: null, amountCents: 12801 }
    expect(evaluatePromo(fixed, booking, unused, today)).toEqual({
      ok: false,
      reason: 'coversTotal',
    })
    expect(evaluatePromo({ ...fixed, amountCents: 12800 }, booking, unused, today)).toEqual({
      ok: true,
      discountMinor: 12800,
    })
  })
})

describe('rideKindsOf', () => {
  it('names the airport, the route and hire by the hour', () => {
    expect(rideKindsOf(booking)).toEqual(['airport', 'airport-SAW'])
    expect(rideKindsOf({ ...booking, pickup_place_id: 1, destination_place_id: 2 })).toEqual([
      'airport',
      'airport-IST',
      'airport-SAW',
    ])
    const city = { ...booking, pickup_place_id: 1000, pricing_rule: 'within-city' }
    expect(rideKindsOf(city)).toEqual(['city'])
    expect(rideKindsOf({ ...city, pricing_rule: 'intercity' })).toEqual(['intercity'])
    expect(rideKindsOf({ ...city, ride_mode: 'hourly' })).toEqual(['hourly'])
  })
})

describe('codes and amounts', () => {
  it('reads a typed code the way codes are stored', () => {
    expect(normalisePromoCode('  welcome 10 ')).toBe('WELCOME10')
  })

  it('charges the total less the discount', () => {
    expect(payableMinor({ total_minor: 12900, discount_minor: 1290 })).toBe(11610)
    expect(payableMinor({ total_minor: 12900 })).toBe(12900)
  })

  it('reads stored lists, dropping what is not a class or a kind', () => {
    const stored = promoRulesOf({
      code: 'X',
      kind: 'fixed',
      percent: null,
      amount_cents: 500,
      valid_from: null,
      valid_until: null,
      max_uses: null,
      max_uses_per_email: null,
      vehicle_classes: 'ECOMNVN,NOPE',
      ride_kinds: 'hourly,moon',
      min_amount_cents: null,
      first_ride_only: 1,
      active: 0,
    })
    expect(stored.vehicleClasses).toEqual(['ECOMNVN'])
    expect(stored.rideKinds).toEqual(['hourly'])
    expect(stored.firstRideOnly).toBe(true)
    expect(stored.active).toBe(false)
  })
})
