import { describe, expect, it } from 'vitest'
import {
  companyStatement,
  isStatementMonth,
  monthDays,
  rideCommission,
  type StatementRide,
} from './company-statement'

const ride = (changes: Partial<StatementRide>): StatementRide => ({
  reference: 'MC-AAAAAA',
  pickupDate: '2026-12-01',
  pickupTime: '10:00',
  from: 'SAW',
  to: 'Şile',
  vehicleClass: 'eco-minivan',
  guestName: 'Ayşe Yılmaz',
  settlement: 'account',
  amountCents: 10_000,
  cancelled: false,
  keptCents: 0,
  ...changes,
})

describe('a company statement', () => {
  it('rounds the commission ride by ride, half up', () => {
    expect(rideCommission(12_345, 10)).toBe(1_235)
    expect(rideCommission(12_344, 10)).toBe(1_234)
    expect(rideCommission(9_999, 0)).toBe(0)
  })
  it('owes a commission company its share, less than on account due', () => {
    const statement = companyStatement({ rateKind: 'commission', ratePercent: 12 }, [
      ride({ amountCents: 10_000 }),
      ride({ amountCents: 5_000, settlement: 'card' }),
      ride({ amountCents: 4_000, cancelled: true, keptCents: 4_000 }),
      ride({ amountCents: 3_000, settlement: 'card', cancelled: true, keptCents: 1_000 }),
    ])
    expect(statement.rides).toHaveLength(2)
    expect(statement.cancellations.map((line) => line.commissionCents)).toEqual([0, 0])
    expect(statement.totals).toEqual({
      ridesCents: 15_000,
      onAccountDueCents: 14_000,
      paidByCardCents: 6_000,
      commissionCents: 1_800,
      keptCents: 5_000,
      balanceCents: 12_200,
    })
  })
  it('gives a net-rate company no commission', () => {
    const statement = companyStatement({ rateKind: 'net', ratePercent: 20 }, [ride({})])
    expect(statement.totals.commissionCents).toBe(0)
    expect(statement.totals.balanceCents).toBe(10_000)
  })
  it('a commission larger than what is due leaves a balance owed to the company', () => {
    const statement = companyStatement({ rateKind: 'commission', ratePercent: 10 }, [
      ride({ settlement: 'card', amountCents: 50_000 }),
    ])
    expect(statement.totals.balanceCents).toBe(-5_000)
  })
})

describe('statement months', () => {
  it('reads YYYY-MM only', () => {
    expect(isStatementMonth('2026-12')).toBe(true)
    expect(isStatementMonth('2026-13')).toBe(false)
    expect(isStatementMonth('2026-1')).toBe(false)
    expect(isStatementMonth(undefined)).toBe(false)
  })
  it('ends December in the next year', () => {
    expect(monthDays('2026-12')).toEqual({ first: '2026-12-01', next: '2027-01-01' })
    expect(monthDays('2026-02')).toEqual({ first: '2026-02-01', next: '2026-03-01' })
  })
})
