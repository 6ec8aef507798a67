import { describe, expect, it } from 'vitest'
import { filingStateOf, leavesUnfiled, type FilingFacts } from './filing-status'

const filed: NonNullable<FilingFacts['filing']> = {
  tripReference: '26120300000001',
  filedAt: '2026-12-02T08:00:00.000Z',
  cancelledAt: null,
  manualReference: null,
  hasDocument: true,
  lastOutcome: 'ok',
  lastCode: 0,
  lastMessage: 'İŞLEM BAŞARILI',
  nextTryAt: null,
  inSync: true,
}
const base: FilingFacts = {
  provider: 'uetds',
  toCome: true,
  calledOff: false,
  window: 'open',
  gaps: [],
  filing: null,
}

describe('where a passenger list stands', () => {
  it.each<[string, Partial<FilingFacts>, ReturnType<typeof filingStateOf>]>([
    ['too early', { window: 'early', gaps: null }, { kind: 'notDue' }],
    ['complete, not yet filed', {}, { kind: 'due', window: 'open' }],
    [
      'missing a document, late',
      { window: 'late', gaps: ['passengerDocuments'] },
      { kind: 'missing', window: 'late', gaps: ['passengerDocuments'] },
    ],
    [
      'filed and still the ride',
      { filing: filed },
      { kind: 'filed', reference: '26120300000001', hasDocument: true },
    ],
    [
      'filed, then the car changed',
      { filing: { ...filed, inSync: false } },
      { kind: 'due', window: 'open' },
    ],
    [
      'refused',
      {
        filing: {
          ...filed,
          lastOutcome: 'refused',
          lastCode: 2,
          lastMessage: 'ARAÇ PLAKASI',
          nextTryAt: '2026-12-02T08:05:00.000Z',
        },
      },
      {
        kind: 'failed',
        window: 'open',
        outcome: 'refused',
        code: 2,
        message: 'ARAÇ PLAKASI',
        nextTryAt: '2026-12-02T08:05:00.000Z',
      },
    ],
    [
      'no account: by hand, with what is missing',
      { provider: 'manual', gaps: ['driver'] },
      { kind: 'byHand', window: 'open', gaps: ['driver'] },
    ],
    [
      'filed by hand',
      {
        provider: 'manual',
        filing: { ...filed, tripReference: null, filedAt: null, manualReference: 'P-123' },
      },
      { kind: 'filedByHand', reference: 'P-123' },
    ],
    [
      'called off, cancellation to send',
      { toCome: false, calledOff: true, filing: filed },
      { kind: 'cancelDue', reference: '26120300000001' },
    ],
    [
      'called off and cancelled',
      { toCome: false, calledOff: true, filing: { ...filed, cancelledAt: '2026-12-02T09:00:00Z' } },
      { kind: 'cancelled', reference: '26120300000001' },
    ],
    ['called off, never filed', { toCome: false, calledOff: true }, { kind: 'notDue' }],
    [
      'driven, filed',
      { toCome: false, window: 'departed', filing: filed },
      { kind: 'filed', reference: '26120300000001', hasDocument: true },
    ],
  ])('%s', (_, facts, state) => {
    expect(filingStateOf({ ...base, ...facts })).toEqual(state)
  })

  it('flags a ride that would leave without its list, not one still in time', () => {
    expect(leavesUnfiled({ kind: 'due', window: 'open' })).toBe(false)
    expect(leavesUnfiled({ kind: 'due', window: 'late' })).toBe(true)
    expect(leavesUnfiled({ kind: 'byHand', window: 'departed', gaps: [] })).toBe(true)
    expect(leavesUnfiled({ kind: 'missing', window: 'late', gaps: ['driver'] })).toBe(true)
    expect(leavesUnfiled({ kind: 'filed', reference: '1', hasDocument: false })).toBe(false)
    expect(leavesUnfiled({ kind: 'filedByHand', reference: 'P-1' })).toBe(false)
  })
})
