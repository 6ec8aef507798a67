import { describe, expect, it } from 'vitest'
import { convertCents, ratesDateOf, type RatesSnapshot } from './currency'
import {
  istanbulInstant,
  parsePinRate,
  pinExpiryRefusal,
  pinRateRefusal,
  pinsInForce,
  withPins,
  type OpenPin,
} from './rate-pins'

const ecb: RatesSnapshot = {
  date: '2026-11-20',
  source: 'ecb',
  rates: { EUR: 1, USD: 1.1612, GBP: 0.8815, TRY: 49.4371 },
}
const now = new Date('2026-11-27T09:00:00Z')

const pin = (overrides: Partial<OpenPin>): OpenPin => ({
  id: 1,
  currency: 'TRY',
  rate: '51.25',
  createdAt: '2026-11-26T22:30:00.000Z',
  expiresAt: '2026-11-28T15:00:00.000Z',
  ...overrides,
})

describe('withPins', () => {
  it('replaces a pinned currency’s rate and names it, leaving the others and the source', () => {
    const rates = withPins(ecb, [pin({})], now)
    expect(rates).toEqual({
      date: '2026-11-20',
      source: 'ecb',
      rates: { EUR: 1, USD: 1.1612, GBP: 0.8815, TRY: 51.25 },
      // Pinned at 01:30 on the 27th in Istanbul, which is the 26th in UTC.
      pinned: { TRY: { expiresAt: '2026-11-28T15:00:00.000Z', pinnedOn: '2026-11-27' } },
    })
    expect(convertCents(10000, 'TRY', rates)).toBe(512500)
    expect(ratesDateOf(rates, 'TRY')).toBe('2026-11-27')
    expect(ratesDateOf(rates, 'USD')).toBe('2026-11-20')
  })

  it('gives the source’s rate back the moment a pin expires', () => {
    const expiring = [pin({ expiresAt: '2026-11-27T09:00:00.000Z' })]
    expect(withPins(ecb, expiring, new Date('2026-11-27T08:59:59.999Z')).rates.TRY).toBe(51.25)
    expect(withPins(ecb, expiring, now)).toBe(ecb)
    expect(ratesDateOf(withPins(ecb, expiring, now), 'TRY')).toBe('2026-11-20')
  })

  it('takes the newer of two pins of one currency, and never pins the euro', () => {
    const older = pin({ id: 7, rate: '50', createdAt: '2026-11-27T08:00:00.000Z' })
    const newer = pin({ id: 3, rate: '52', createdAt: '2026-11-27T08:30:00.000Z' })
    const twin = pin({ id: 8, rate: '53', createdAt: '2026-11-27T08:30:00.000Z' })
    expect(withPins(ecb, [newer, older], now).rates.TRY).toBe(52)
    expect(withPins(ecb, [older, twin, newer], now).rates.TRY).toBe(53)
    expect(pinsInForce([pin({ currency: 'EUR', rate: '2' })], now).size).toBe(0)
    expect(withPins(ecb, [pin({ currency: 'GBP', rate: '0.9' })], now).rates).toEqual({
      ...ecb.rates,
      GBP: 0.9,
    })
  })
})

describe('a new pin', () => {
  it('reads a rate typed with a point or a comma, positive, at most six decimals', () => {
    expect(parsePinRate(' 45.50 ')).toBe('45.5')
    expect(parsePinRate('45,25')).toBe('45.25')
    expect(parsePinRate('0.881234')).toBe('0.881234')
    for (const typed of ['', '0', '0.0', '-45', '45.1234567', '4e1', '45.', 'abc', '1.000,5']) {
      expect(parsePinRate(typed), typed).toBeUndefined()
    }
  })

  it('refuses a rate more than half away from the source’s', () => {
    expect(pinRateRefusal('24.72', 49.4371)).toBeUndefined()
    expect(pinRateRefusal('74.15', 49.4371)).toBeUndefined()
    expect(pinRateRefusal('24.71', 49.4371)).toBe('rateOutOfBand')
    expect(pinRateRefusal('74.16', 49.4371)).toBe('rateOutOfBand')
    expect(pinRateRefusal('lots', 49.4371)).toBe('rateInvalid')
  })

  it('ends at a real Istanbul time, after now and at most 30 days ahead', () => {
    expect(istanbulInstant('2026-11-28', '18:00')?.toISOString()).toBe('2026-11-28T15:00:00.000Z')
    expect(istanbulInstant('2026-02-31', '18:00')).toBeUndefined()
    expect(istanbulInstant('2026-11-28', '24:00')).toBeUndefined()
    expect(istanbulInstant('28.11.2026', '18:00')).toBeUndefined()
    expect(pinExpiryRefusal(new Date('2026-11-27T09:00:00Z'), now)).toBe('expiryPast')
    expect(pinExpiryRefusal(new Date('2026-11-27T09:01:00Z'), now)).toBeUndefined()
    expect(pinExpiryRefusal(new Date('2026-12-27T09:00:00Z'), now)).toBeUndefined()
    expect(pinExpiryRefusal(new Date('2026-12-27T09:01:00Z'), now)).toBe('expiryTooFar')
  })
})
