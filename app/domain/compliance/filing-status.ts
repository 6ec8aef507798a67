import type { FilingGap, FilingWindow } from './trip-filing'

/**
 * Where a ride's passenger list stands, as the board, the driver's job card,
 * the manifest and /ops/compliance say it (docs/compliance.md). Pure: the
 * server gathers the facts.
 */
export type FilingState =
  /** Too early to file, or not a ride that leaves. */
  | { kind: 'notDue' }
  /** No U-ETDS account: staff file it in the portal, then record the reference here. */
  | { kind: 'byHand'; window: FilingWindow; gaps: FilingGap[] }
  | { kind: 'filedByHand'; reference: string }
  /** Something the list needs is missing: nothing can be filed yet. */
  | { kind: 'missing'; window: FilingWindow; gaps: FilingGap[] }
  /** Complete, and the next maintenance run files it (or sends what changed). */
  | { kind: 'due'; window: FilingWindow }
  /** The last call was refused, or not answered: it is tried again at `nextTryAt`. */
  | {
      kind: 'failed'
      window: FilingWindow
      outcome: 'refused' | 'unanswered'
      code: number | null
      message: string
      nextTryAt: string | null
    }
  | { kind: 'filed'; reference: string; hasDocument: boolean }
  /** The ride was called off: its trip is cancelled at the service, or about to be. */
  | { kind: 'cancelDue'; reference: string }
  | { kind: 'cancelled'; reference: string }

export interface FilingFacts {
  provider: 'manual' | 'uetds'
  /** Still to leave (confirmed, or its car on the way): its list may be filed. */
  toCome: boolean
  /** Cancelled, or its passenger did not come. */
  calledOff: boolean
  window: FilingWindow
  /** What the ride still lacks (null: not read, when the window is not open). */
  gaps: FilingGap[] | null
  /** The stored filing, if any. */
  filing: {
    tripReference: string | null
    filedAt: string | null
    cancelledAt: string | null
    manualReference: string | null
    hasDocument: boolean
    lastOutcome: 'ok' | 'refused' | 'unanswered' | null
    lastCode: number | null
    lastMessage: string | null
    nextTryAt: string | null
    /** Every part as the ride reads now is the part the service holds. */
    inSync: boolean
  } | null
}

export function filingStateOf(facts: FilingFacts): FilingState {
  const { filing, window } = facts
  if (facts.calledOff) {
    if (!filing?.tripReference) return { kind: 'notDue' }
    return filing.cancelledAt
      ? { kind: 'cancelled', reference: filing.tripReference }
      : { kind: 'cancelDue', reference: filing.tripReference }
  }
  if (filing?.manualReference) return { kind: 'filedByHand', reference: filing.manualReference }
  const filed = () =>
    filing?.tripReference && filing.filedAt
      ? ({
          kind: 'filed',
          reference: filing.tripReference,
          hasDocument: filing.hasDocument,
        } as const)
      : null
  if (!facts.toCome || window === 'early') return filed() ?? { kind: 'notDue' }
  const gaps = facts.gaps ?? []
  if (facts.provider === 'manual') return { kind: 'byHand', window, gaps }
  if (filing?.lastOutcome === 'refused' || filing?.lastOutcome === 'unanswered') {
    return {
      kind: 'failed',
      window,
      outcome: filing.lastOutcome,
      code: filing.lastCode,
      message: filing.lastMessage ?? '',
      nextTryAt: filing.nextTryAt,
    }
  }
  if (gaps.length > 0) return { kind: 'missing', window, gaps }
  if (filing?.inSync && filed()) return filed()!
  return { kind: 'due', window }
}

/**
 * Whether a ride would leave without its list filed: what the board and the
 * driver's job card flag. A ride past the lead time, or gone, that is not
 * filed; one being filed in time is not flagged.
 */
export function leavesUnfiled(state: FilingState): boolean {
  switch (state.kind) {
    case 'byHand':
    case 'missing':
    case 'due':
    case 'failed':
      return state.window === 'late' || state.window === 'departed'
    default:
      return false
  }
}
