import { describe, expect, it } from 'vitest'
import {
  settle,
  type PayRule,
  type SettlementRideInput,
  type SettlementTipInput,
} from './settlement'

const DRIVER = 7

function ride(overrides: Partial<SettlementRideInput> = {}): SettlementRideInput {
  return {
    reference: 'MC-AAAAAA',
    pickupDate: '2026-12-01',
    pickupTime: '10:00',
    currency: 'TRY',
    fareMinor: 200_000,
    fareCashMinor: 0,
    minutes: 90,
    minutesSource: 'steps',
    offerPayMinor: null,
    tips: [],
    ...overrides,
  }
}

function tip(overrides: Partial<SettlementTipInput> = {}): SettlementTipInput {
  return {
    driverId: DRIVER,
    method: 'cash',
    status: 'paid',
    amountMinor: 10_000,
    currency: 'TRY',
    ...overrides,
  }
}

const perRide: PayRule = { kind: 'per_ride', amount: 45_000 }

describe('a driver’s settlement', () => {
  const cases: {
    name: string
    rule: PayRule
    rides: SettlementRideInput[]
    pays: (number | null)[]
    totals: {
      currency: string
      rides: number
      cashMinor: number
      cashTipsMinor: number
      cardTipsMinor: number
      payMinor: number
      balanceMinor: number | null
    }[]
  }[] = [
    {
      name: 'per ride: the same sum for each ride, in lira',
      rule: perRide,
      rides: [ride(), ride({ reference: 'MC-BBBBBB', pickupTime: '14:00' })],
      pays: [45_000, 45_000],
      totals: [
        {
          currency: 'TRY',
          rides: 2,
          cashMinor: 0,
          cashTipsMinor: 0,
          cardTipsMinor: 0,
          payMinor: 90_000,
          balanceMinor: 90_000,
        },
      ],
    },
    {
      name: 'per hour: the rate times the minutes driven, rounded to the kuruş',
      rule: { kind: 'per_hour', amount: 30_000 },
      rides: [ride({ minutes: 90 }), ride({ reference: 'MC-BBBBBB', minutes: 25 })],
      pays: [45_000, 12_500],
      totals: [
        {
          currency: 'TRY',
          rides: 2,
          cashMinor: 0,
          cashTipsMinor: 0,
          cardTipsMinor: 0,
          payMinor: 57_500,
          balanceMinor: 57_500,
        },
      ],
    },
    {
      name: 'share: a percent of each ride’s price, in the ride’s currency',
      rule: { kind: 'share', amount: 30 },
      rides: [ride({ currency: 'EUR', fareMinor: 8_550 })],
      pays: [2_565],
      totals: [
        {
          currency: 'EUR',
          rides: 1,
          cashMinor: 0,
          cashTipsMinor: 0,
          cardTipsMinor: 0,
          payMinor: 2_565,
          balanceMinor: 2_565,
        },
      ],
    },
    {
      name: 'the pay agreed on the accepted offer overrides the rule for that ride',
      rule: perRide,
      rides: [ride({ offerPayMinor: 60_000 }), ride({ reference: 'MC-BBBBBB' })],
      pays: [60_000, 45_000],
      totals: [
        {
          currency: 'TRY',
          rides: 2,
          cashMinor: 0,
          cashTipsMinor: 0,
          cardTipsMinor: 0,
          payMinor: 105_000,
          balanceMinor: 105_000,
        },
      ],
    },
    {
      name: 'a deposit booking’s cash is the driver’s to hand over: it lowers the balance, below zero',
      rule: perRide,
      rides: [ride({ fareCashMinor: 140_000 })],
      pays: [45_000],
      totals: [
        {
          currency: 'TRY',
          rides: 1,
          cashMinor: 140_000,
          cashTipsMinor: 0,
          cardTipsMinor: 0,
          payMinor: 45_000,
          balanceMinor: -95_000,
        },
      ],
    },
    {
      name: 'card tips are owed to the driver; cash tips are theirs already and change nothing',
      rule: perRide,
      rides: [
        ride({
          tips: [
            tip({ method: 'cash', amountMinor: 5_000 }),
            tip({ method: 'card', amountMinor: 20_000 }),
          ],
        }),
      ],
      pays: [45_000],
      totals: [
        {
          currency: 'TRY',
          rides: 1,
          cashMinor: 0,
          cashTipsMinor: 5_000,
          cardTipsMinor: 20_000,
          payMinor: 45_000,
          balanceMinor: 65_000,
        },
      ],
    },
    {
      name: 'a refunded, failed or pending tip does not count, nor one recorded for another driver',
      rule: perRide,
      rides: [
        ride({
          tips: [
            tip({ method: 'card', status: 'refunded' }),
            tip({ method: 'card', status: 'failed' }),
            tip({ method: 'card', status: 'pending' }),
            tip({ method: 'card', driverId: DRIVER + 1 }),
            tip({ method: 'cash', driverId: null }),
          ],
        }),
      ],
      pays: [45_000],
      totals: [
        {
          currency: 'TRY',
          rides: 1,
          cashMinor: 0,
          cashTipsMinor: 0,
          cardTipsMinor: 0,
          payMinor: 45_000,
          balanceMinor: 45_000,
        },
      ],
    },
    {
      name: 'two currencies: the pay in lira, the euro ride’s cash and tips in euros',
      rule: perRide,
      rides: [
        ride({ reference: 'MC-EURO01', currency: 'EUR', fareMinor: 9_000, fareCashMinor: 6_000 }),
        ride({
          reference: 'MC-EURO01',
          pickupDate: '2026-12-02',
          currency: 'EUR',
          fareMinor: 5_000,
          fareCashMinor: 0,
          tips: [tip({ method: 'card', currency: 'EUR', amountMinor: 1_000 })],
        }),
      ],
      pays: [45_000, 45_000],
      totals: [
        {
          currency: 'TRY',
          rides: 0,
          cashMinor: 0,
          cashTipsMinor: 0,
          cardTipsMinor: 0,
          payMinor: 90_000,
          balanceMinor: 90_000,
        },
        {
          currency: 'EUR',
          rides: 2,
          cashMinor: 6_000,
          cashTipsMinor: 0,
          cardTipsMinor: 1_000,
          payMinor: 0,
          balanceMinor: -5_000,
        },
      ],
    },
    {
      name: 'no rule and no offer pay: the pay is not set, and no balance is made up',
      rule: null,
      rides: [
        ride({ fareCashMinor: 10_000 }),
        ride({ reference: 'MC-BBBBBB', offerPayMinor: 50_000 }),
      ],
      pays: [null, 50_000],
      totals: [
        {
          currency: 'TRY',
          rides: 2,
          cashMinor: 10_000,
          cashTipsMinor: 0,
          cardTipsMinor: 0,
          payMinor: 50_000,
          balanceMinor: null,
        },
      ],
    },
  ]

  it.each(cases)('$name', ({ rule, rides, pays, totals }) => {
    const settlement = settle({ driverId: DRIVER, rule, rides })
    expect(settlement.rides.map((line) => line.pay?.minor ?? null)).toEqual(pays)
    expect(settlement.totals).toMatchObject(totals)
    expect(settlement.ridesWithoutPay).toBe(pays.filter((pay) => pay === null).length)
  })

  it('counts waiting-time cash, when there is some, as cash collected', () => {
    const settlement = settle({
      driverId: DRIVER,
      rule: perRide,
      rides: [ride({ fareCashMinor: 10_000, waitingCashMinor: 2_500 })],
    })
    expect(settlement.rides[0]!.cashMinor).toBe(12_500)
    expect(settlement.totals[0]!.balanceMinor).toBe(45_000 - 12_500)
  })

  it('lists the rides by pickup, and has no line for a period without rides', () => {
    const settlement = settle({
      driverId: DRIVER,
      rule: perRide,
      rides: [
        ride({ reference: 'MC-LATER1', pickupDate: '2026-12-03' }),
        ride({ reference: 'MC-FIRST1', pickupDate: '2026-12-01', pickupTime: '09:00' }),
      ],
    })
    expect(settlement.rides.map((line) => line.reference)).toEqual(['MC-FIRST1', 'MC-LATER1'])
    expect(settle({ driverId: DRIVER, rule: perRide, rides: [] }).totals).toEqual([])
  })
})
