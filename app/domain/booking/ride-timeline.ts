import type { BookingStatus } from './status'

/**
 * The timeline of a paid booking as the traveller (and whoever they share it
 * with) follows it: confirmed, a driver assigned, then the steps the driver
 * marks (on the way, arrived, on board, completed, or no-show), or the
 * cancellation and its refund. Each step says whether it happened and when.
 * Pure: the facts come from the booking's event log, its assignment and its
 * refunds.
 */

export const timelineSteps = [
  'confirmed',
  'assigned',
  'on_the_way',
  'arrived',
  'on_board',
  'finished',
  'no_show',
  'cancelled',
  'refunded',
] as const
export type TimelineStep = (typeof timelineSteps)[number]

export interface TimelineEntry {
  step: TimelineStep
  /** When it happened (ISO, UTC); null when it has not yet, or its time is not known. */
  at: string | null
  done: boolean
}

export interface TimelineFacts {
  status: BookingStatus
  /** When the payment confirmed the booking. */
  confirmedAt: string | null
  /**
   * The booking's event log, in order: each status it took, with its time.
   * Events that changed no status (a note: a refund made, details changed)
   * are not steps.
   */
  events: { from: string | null; to: string; at: string }[]
  /** When the driver who drives now was given the job; null when no one is. */
  assignedAt: string | null
  /** The refund of the booking's payment, once one was asked for. */
  refund: { status: 'requested' | 'succeeded' | 'failed'; at: string | null } | null
}

/** The driver's steps in their order; a no-show ends the ride at `arrived`. */
const rideSteps = ['on_the_way', 'arrived', 'on_board', 'finished'] as const

/** When the booking first took `status`. */
function reachedAt(facts: TimelineFacts, status: string): string | null {
  const event = facts.events.find(
    (candidate) => candidate.to === status && candidate.from !== status,
  )
  return event?.at ?? null
}

export function rideTimeline(facts: TimelineFacts): TimelineEntry[] {
  const confirmed: TimelineEntry = {
    step: 'confirmed',
    at: facts.confirmedAt ?? reachedAt(facts, 'confirmed'),
    done: true,
  }
  if (facts.status === 'cancelled') {
    const cancelledAt = reachedAt(facts, 'cancelled')
    const entries = [confirmed]
    // A driver given the job before it was cancelled stays in its history.
    if (facts.assignedAt && (!cancelledAt || facts.assignedAt <= cancelledAt)) {
      entries.push({ step: 'assigned', at: facts.assignedAt, done: true })
    }
    entries.push({ step: 'cancelled', at: cancelledAt, done: true })
    if (facts.refund) {
      const made = facts.refund.status === 'succeeded'
      entries.push({ step: 'refunded', at: made ? facts.refund.at : null, done: made })
    }
    return entries
  }
  const reached = new Set(
    facts.events.filter((event) => event.from !== event.to).map((event) => event.to),
  )
  const rideStarted = rideSteps.some((step) => reached.has(step)) || reached.has('no_show')
  const entries: TimelineEntry[] = [
    confirmed,
    // Only the assigned driver marks the ride, so a ride under way had one.
    { step: 'assigned', at: facts.assignedAt, done: Boolean(facts.assignedAt) || rideStarted },
  ]
  const steps: TimelineStep[] = reached.has('no_show')
    ? ['on_the_way', 'arrived', 'no_show']
    : [...rideSteps]
  for (const step of steps) {
    const at = reachedAt(facts, step)
    entries.push({ step, at, done: at !== null })
  }
  return entries
}

/** Whether the booking has nothing more to happen: the page stops asking for news. */
export function rideEnded(status: BookingStatus): boolean {
  return status === 'finished' || status === 'no_show' || status === 'cancelled'
}
