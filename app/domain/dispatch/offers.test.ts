import { describe, expect, it } from 'vitest'
import { placeById } from '../places/gazetteer'
import { nextInTurn, offerDeadline, offerRound, offerStatusAt, rankSuggestions } from './offers'

const now = new Date('2026-12-01T10:00:00Z')
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString()

describe('an offer at a moment', () => {
  it('is open until its deadline, expired from it, and keeps any answer', () => {
    expect(offerDeadline(now, 15).toISOString()).toBe(later(15))
    expect(offerStatusAt({ status: 'open', expires_at: later(1) }, now)).toBe('open')
    expect(offerStatusAt({ status: 'open', expires_at: later(0) }, now)).toBe('expired')
    expect(offerStatusAt({ status: 'declined', expires_at: later(-5) }, now)).toBe('declined')
    expect(offerStatusAt({ status: 'taken', expires_at: later(5) }, now)).toBe('taken')
  })
})

describe('where a ride’s offers stand', () => {
  it.each([
    ['no offer', [], { kind: 'none' }],
    [
      'two open, one declined: waiting until the first deadline',
      [
        { status: 'open', expires_at: later(20) },
        { status: 'open', expires_at: later(10) },
        { status: 'declined', expires_at: later(10) },
      ],
      { kind: 'waiting', open: 2, firstDeadline: later(10) },
    ],
    [
      'one accepted, the rest taken',
      [
        { status: 'accepted', expires_at: later(10) },
        { status: 'taken', expires_at: later(10) },
      ],
      { kind: 'accepted' },
    ],
    [
      'declined and one past its deadline: lapsed, back to dispatch',
      [
        { status: 'declined', expires_at: later(10) },
        { status: 'open', expires_at: later(-1) },
      ],
      { kind: 'lapsed', offered: 2 },
    ],
    [
      'all withdrawn: lapsed',
      [{ status: 'withdrawn', expires_at: later(5) }],
      { kind: 'lapsed', offered: 1 },
    ],
  ] as const)('%s', (_, offers, expected) => {
    expect(offerRound(offers, now)).toEqual(expected)
  })
})

describe('the drivers suggested for a ride', () => {
  const saw = placeById(2)!
  const kadikoy = placeById(1022)!
  const ist = placeById(1)!

  it('come nearest first from their previous drop-off, then those with no ride before, by name', () => {
    const ranked = rankSuggestions(
      [
        { driverId: 1, name: 'Zeki', comingFrom: null },
        { driverId: 2, name: 'Ali', comingFrom: ist },
        { driverId: 3, name: 'Burak', comingFrom: saw },
        { driverId: 4, name: 'Cem', comingFrom: null },
      ],
      kadikoy,
      1.3,
    )
    expect(ranked.map((suggestion) => suggestion.name)).toEqual(['Burak', 'Ali', 'Cem', 'Zeki'])
    expect(ranked[0]!.km).toBeGreaterThan(0)
    expect(ranked[0]!.km!).toBeLessThan(ranked[1]!.km!)
    expect(ranked[2]!.km).toBeNull()
  })

  it('in automatic mode go to the next one not offered the ride before, then to nobody', () => {
    const ranked = rankSuggestions(
      [
        { driverId: 1, name: 'Ali', comingFrom: null },
        { driverId: 2, name: 'Burak', comingFrom: null },
      ],
      kadikoy,
      1.3,
    )
    expect(nextInTurn(ranked, new Set())?.driverId).toBe(1)
    expect(nextInTurn(ranked, new Set([1]))?.driverId).toBe(2)
    expect(nextInTurn(ranked, new Set([1, 2]))).toBeUndefined()
  })
})
