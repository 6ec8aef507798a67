import { builtinPriceList } from '~/domain/pricing/builtin-price-list'
import { priceTermsOf, writePriceTerms } from '~/domain/pricing/price-terms'
import { describe, expect, it } from 'vitest'
import { bookingTotals } from '~/domain/booking/money'
import type { ReportRide } from './report-money'
import { rideMoney } from './report-money'
import {
  cancellations,
  leadTimes,
  periodOf,
  refundsByRequester,
  revenueByClass,
  revenueByPromoCode,
  revenueByPeriod,
  revenueTotals,
  reviewsByPeriod,
  ridesByChannel,
} from './report-sections'
import { currentMonth, periodInstants, readReportPeriod } from './report-period'

function ride(changes: Partial<ReportRide> = {}): ReportRide {
  return {
    reference: 'MC-AAAAAA',
    status: 'confirmed',
    vehicleClass: 'LUXMNVN',
    paidAt: '2026-11-20T09:00:00.000Z',
    pickupAt: '2026-11-22T09:00:00.000Z',
    cancelledBy: null,
    promoCode: null,
    partnerCompany: null,
    discountMinor: 0,
    currency: 'EUR',
    totalMinor: 10_000,
    cardMinor: 10_000,
    cashMinor: 0,
    euroCents: 10_000,
    ...changes,
  }
}

describe('periodOf', () => {
  it('groups by day, by ISO week (Monday first, the year of its Thursday) and by month', () => {
    expect(periodOf('2026-11-27', 'day')).toBe('2026-11-27')
    expect(periodOf('2026-11-27', 'month')).toBe('2026-11')
    // Monday 23 to Sunday 29 November 2026 is week 48.
    expect(periodOf('2026-11-23', 'week')).toBe('2026-W48')
    expect(periodOf('2026-11-29', 'week')).toBe('2026-W48')
    expect(periodOf('2026-11-30', 'week')).toBe('2026-W49')
    // 1 January 2027 is a Friday: it belongs to the last week of 2026.
    expect(periodOf('2027-01-01', 'week')).toBe('2026-W53')
    // 29 December 2025 is a Monday whose Thursday is in 2026: week 1 of 2026.
    expect(periodOf('2025-12-29', 'week')).toBe('2026-W01')
  })
})

describe('rideMoney', () => {
  const locked = {
    currency: 'TRY' as const,
    rate: '49.4371',
    rates_date: '2026-11-20',
    price_terms: writePriceTerms(priceTermsOf(builtinPriceList)),
  }

  it('counts a single ride whole, its cash the rest of a deposit', () => {
    const totals = bookingTotals(
      { vehicle_cents: 6800, return_vehicle_cents: null },
      { childSeat: 1, boosterSeat: 0 },
      locked,
      builtinPriceList.extraCents,
    )
    const money = rideMoney({
      ...locked,
      ...totals,
      payment_option: 'depositCash',
      paid_minor: Math.round(totals.total_minor * 0.3),
      vehicle_cents: 6800,
      return_vehicle_cents: null,
    })
    expect(money.totalMinor).toBe(totals.total_minor)
    expect(money.cardMinor + money.cashMinor).toBe(totals.total_minor)
    expect(money.euroCents).toBe(totals.total_cents)
  })

  it('counts what the company was paid: every figure after a promo code, the discount beside', () => {
    const totals = bookingTotals(
      { vehicle_cents: 6800, return_vehicle_cents: null },
      { childSeat: 0, boosterSeat: 0 },
      locked,
      builtinPriceList.extraCents,
    )
    // 10 euros off, at the booking's locked lira rate.
    const discount = Math.round(1000 * Number(locked.rate))
    const money = rideMoney({
      ...locked,
      ...totals,
      discount_minor: discount,
      payment_option: 'fullCard',
      paid_minor: totals.total_minor - discount,
      vehicle_cents: 6800,
      return_vehicle_cents: null,
    })
    expect(money.totalMinor).toBe(totals.total_minor - discount)
    expect(money.cardMinor).toBe(totals.total_minor - discount)
    expect(money.discountMinor).toBe(discount)
    expect(money.euroCents).toBe(totals.total_cents - 1000)
  })

  it('gives the outbound of a trip there and back only its own ride', () => {
    const extras = { childSeat: 1, boosterSeat: 0 }
    const trip = bookingTotals(
      { vehicle_cents: 6800, return_vehicle_cents: 7200 },
      extras,
      locked,
      builtinPriceList.extraCents,
    )
    const back = bookingTotals(
      { vehicle_cents: 7200, return_vehicle_cents: null },
      extras,
      locked,
      builtinPriceList.extraCents,
    )
    const outbound = rideMoney({
      ...locked,
      ...trip,
      payment_option: 'fullCard',
      paid_minor: trip.total_minor,
      vehicle_cents: 6800,
      return_vehicle_cents: 7200,
    })
    expect(outbound.totalMinor + back.total_minor).toBe(trip.total_minor)
    expect(outbound.euroCents + back.total_cents).toBe(trip.total_cents)
  })
})

describe('the report sections', () => {
  const rides = [
    ride({ reference: 'A' }),
    ride({
      reference: 'B',
      currency: 'TRY',
      totalMinor: 500_000,
      cardMinor: 150_000,
      cashMinor: 350_000,
      euroCents: 10_100,
    }),
    // Paid just after midnight in Istanbul: the next day there.
    ride({ reference: 'C', paidAt: '2026-11-20T21:30:00.000Z', vehicleClass: 'ECOMNVN' }),
    ride({ reference: 'D', status: 'finished', paidAt: '2026-11-24T10:00:00.000Z' }),
    ride({ reference: 'E', status: 'cancelled', cancelledBy: 'traveller' }),
    ride({
      reference: 'F',
      status: 'cancelled',
      cancelledBy: 'staff',
      currency: 'TRY',
      cardMinor: 80_000,
      euroCents: 5_000,
    }),
  ]

  it('counts revenue per Istanbul day of payment and currency, cancelled rides left out', () => {
    expect(
      revenueByPeriod(rides, 'day').map((row) => [
        row.period,
        row.currency,
        row.rides,
        row.totalMinor,
      ]),
    ).toEqual([
      ['2026-11-20', 'EUR', 1, 10_000],
      ['2026-11-20', 'TRY', 1, 500_000],
      ['2026-11-21', 'EUR', 1, 10_000],
      ['2026-11-24', 'EUR', 1, 10_000],
    ])
    expect(
      revenueByPeriod(rides, 'week').map((row) => [row.period, row.currency, row.rides]),
    ).toEqual([
      ['2026-W47', 'EUR', 2],
      ['2026-W47', 'TRY', 1],
      ['2026-W48', 'EUR', 1],
    ])
    expect(revenueTotals(rides)).toEqual([
      {
        currency: 'EUR',
        rides: 3,
        discountMinor: 0,
        totalMinor: 30_000,
        cardMinor: 30_000,
        cashMinor: 0,
        euroCents: 30_000,
      },
      {
        currency: 'TRY',
        rides: 1,
        discountMinor: 0,
        totalMinor: 500_000,
        cardMinor: 150_000,
        cashMinor: 350_000,
        euroCents: 10_100,
      },
    ])
  })

  it('counts revenue per vehicle class in the fleet’s order', () => {
    expect(revenueByClass(rides).map((row) => [row.vehicleClass, row.currency, row.rides])).toEqual(
      [
        ['ECOMNVN', 'EUR', 1],
        ['LUXMNVN', 'EUR', 2],
        ['LUXMNVN', 'TRY', 1],
      ],
    )
  })

  it('counts the cancelled rides, by who cancelled, with what the card had taken', () => {
    expect(cancellations(rides)).toEqual([
      {
        currency: 'EUR',
        cancelled: 1,
        byTraveller: 1,
        byStaff: 0,
        cardMinor: 10_000,
        euroCents: 10_000,
      },
      {
        currency: 'TRY',
        cancelled: 1,
        byTraveller: 0,
        byStaff: 1,
        cardMinor: 80_000,
        euroCents: 5_000,
      },
    ])
  })

  it('sums the refunds by who asked and where they stand', () => {
    expect(
      refundsByRequester([
        { currency: 'TRY', requester: 'staff', status: 'failed', amountMinor: 100 },
        { currency: 'EUR', requester: 'staff', status: 'succeeded', amountMinor: 200 },
        { currency: 'EUR', requester: 'traveller', status: 'succeeded', amountMinor: 300 },
        { currency: 'EUR', requester: 'traveller', status: 'succeeded', amountMinor: 400 },
        { currency: 'EUR', requester: 'traveller', status: 'requested', amountMinor: 500 },
      ]),
    ).toEqual([
      {
        currency: 'EUR',
        requester: 'traveller',
        status: 'succeeded',
        refunds: 2,
        amountMinor: 700,
      },
      {
        currency: 'EUR',
        requester: 'traveller',
        status: 'requested',
        refunds: 1,
        amountMinor: 500,
      },
      { currency: 'EUR', requester: 'staff', status: 'succeeded', refunds: 1, amountMinor: 200 },
      { currency: 'TRY', requester: 'staff', status: 'failed', refunds: 1, amountMinor: 100 },
    ])
  })

  it('puts lead times in buckets and finds their median', () => {
    const at = (hours: number) =>
      new Date(Date.parse('2026-11-20T09:00:00.000Z') + hours * 3_600_000).toISOString()
    const leads = [2, 23.9, 24, 71, 72, 200, 700].map((hours, index) =>
      ride({ reference: String(index), pickupAt: at(hours) }),
    )
    expect(leadTimes([...leads, ride({ status: 'cancelled', pickupAt: at(1) })])).toEqual({
      buckets: [
        { bucket: 'under24h', rides: 2 },
        { bucket: 'days1to3', rides: 2 },
        { bucket: 'days3to7', rides: 1 },
        { bucket: 'weeks1to4', rides: 1 },
        { bucket: 'longer', rides: 1 },
      ],
      medianHours: 71,
    })
    expect(leadTimes(leads.slice(0, 2)).medianHours).toBe(13)
    expect(leadTimes([]).medianHours).toBeNull()
  })
})

describe('the report period', () => {
  const now = new Date('2026-11-27T08:00:00Z')
  const read = (query: string) => readReportPeriod(new URLSearchParams(query), now)

  it('defaults to the current Istanbul month by days', () => {
    expect(read('')).toEqual({
      ok: true,
      period: { from: '2026-11-01', to: '2026-11-30', by: 'day' },
    })
    // 23:30 UTC on 31 January is already 1 February in Istanbul.
    expect(currentMonth(new Date('2027-01-31T23:30:00Z'))).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    })
  })

  it('refuses a date that is no calendar day, an end before the start and more than a year', () => {
    expect(read('from=2026-02-30&to=2026-03-01')).toMatchObject({
      ok: false,
      errors: { from: 'invalidDate' },
    })
    expect(read('from=2026-11-10&to=2026-11-09')).toMatchObject({
      ok: false,
      typed: { from: '2026-11-10', to: '2026-11-09' },
      errors: { to: 'beforeFrom' },
    })
    expect(read('from=2026-01-01&to=2027-01-02')).toMatchObject({
      ok: false,
      errors: { to: 'tooLong' },
    })
    expect(read('from=2026-01-01&to=2027-01-01&by=week')).toEqual({
      ok: true,
      period: { from: '2026-01-01', to: '2027-01-01', by: 'week' },
    })
  })

  it('runs from Istanbul midnight to the next midnight after its last day', () => {
    expect(periodInstants({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      start: '2026-10-31T21:00:00.000Z',
      end: '2026-11-30T21:00:00.000Z',
    })
  })
})

describe('revenueByPromoCode', () => {
  it('sums the rides sold with each code and what the code took off, cancelled rides left out', () => {
    const rides = [
      ride({ reference: 'A', promoCode: 'WINTER10', totalMinor: 9_000, discountMinor: 1_000 }),
      ride({ reference: 'B', promoCode: 'WINTER10', totalMinor: 18_000, discountMinor: 2_000 }),
      ride({ reference: 'C', promoCode: 'AGENCY', totalMinor: 5_000, discountMinor: 500 }),
      ride({ reference: 'D', promoCode: 'AGENCY', status: 'cancelled', discountMinor: 700 }),
      ride({ reference: 'E' }),
    ]
    expect(
      revenueByPromoCode(rides).map((row) => [
        row.code,
        row.rides,
        row.totalMinor,
        row.discountMinor,
      ]),
    ).toEqual([
      ['AGENCY', 1, 5_000, 500],
      ['WINTER10', 2, 27_000, 3_000],
    ])
  })

  it('gives every revenue row the discounts of its rides, in a column of their own', () => {
    const rides = [
      ride({ reference: 'A', promoCode: 'WINTER10', totalMinor: 9_000, discountMinor: 1_000 }),
      ride({ reference: 'B', totalMinor: 10_000 }),
    ]
    expect(revenueTotals(rides)).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        rides: 2,
        totalMinor: 19_000,
        discountMinor: 1_000,
      }),
    ])
    expect(revenueByPeriod(rides, 'day')[0]).toMatchObject({ discountMinor: 1_000 })
  })
})

describe('ridesByChannel', () => {
  it('puts the website first, then partner companies by rides, earning rides only, in euros', () => {
    const rows = ridesByChannel([
      ride({ partnerCompany: 'Pera Hotel', euroCents: 5_000 }),
      ride({ euroCents: 7_000 }),
      ride({ partnerCompany: 'Bosphorus Tours', euroCents: 3_000 }),
      ride({ partnerCompany: 'Bosphorus Tours', euroCents: 4_000, currency: 'TRY' }),
      ride({ partnerCompany: 'Pera Hotel', status: 'cancelled', cancelledBy: 'staff' }),
    ])
    expect(rows).toEqual([
      { company: null, rides: 1, euroCents: 7_000 },
      { company: 'Bosphorus Tours', rides: 2, euroCents: 7_000 },
      { company: 'Pera Hotel', rides: 1, euroCents: 5_000 },
    ])
    expect(ridesByChannel([])).toEqual([])
  })
})

describe('reviewsByPeriod', () => {
  it('groups by the Istanbul day written, with each mean to one decimal', () => {
    const review = (writtenAt: string, driver: number, car: number, punctuality: number) => ({
      writtenAt,
      driver,
      car,
      punctuality,
    })
    const rows = reviewsByPeriod(
      [
        // 22:30Z on 1 December is 01:30 on 2 December in Istanbul.
        review('2026-12-01T22:30:00Z', 5, 4, 4),
        review('2026-12-02T10:00:00Z', 2, 3, 5),
        review('2026-12-01T10:00:00Z', 5, 5, 5),
      ],
      'day',
    )
    expect(rows).toEqual([
      { period: '2026-12-01', reviews: 1, average: 5, driver: 5, car: 5, punctuality: 5 },
      { period: '2026-12-02', reviews: 2, average: 3.8, driver: 3.5, car: 3.5, punctuality: 4.5 },
    ])
    expect(reviewsByPeriod([], 'month')).toEqual([])
  })
})
