import { describe, expect, it } from 'vitest'
import { rideEnded, rideTimeline, type TimelineFacts } from './ride-timeline'

const at = (minute: number) => `2026-12-10T07:${String(minute).padStart(2, '0')}:00.000Z`
const paid: TimelineFacts = {
  status: 'confirmed',
  confirmedAt: at(0),
  events: [
    { from: null, to: 'draft', at: at(0) },
    { from: 'draft', to: 'awaiting_payment', at: at(0) },
    { from: 'awaiting_payment', to: 'confirmed', at: at(0) },
  ],
  assignedAt: null,
  refund: null,
}
const steps = (facts: TimelineFacts) =>
  rideTimeline(facts).map(({ step, at, done }) => `${step} ${done ? 'done' : 'to come'} ${at}`)

describe('the ride timeline', () => {
  it('shows a confirmed booking waiting for its driver and every step still to come', () => {
    expect(steps(paid)).toEqual([
      `confirmed done ${at(0)}`,
      'assigned to come null',
      'on_the_way to come null',
      'arrived to come null',
      'on_board to come null',
      'finished to come null',
    ])
  })

  it('dates each step the driver marks, the passenger names given between them ignored', () => {
    const facts: TimelineFacts = {
      ...paid,
      status: 'on_board',
      assignedAt: at(5),
      events: [
        ...paid.events,
        // Notes that changed no status (the names given, then corrected) are no steps.
        { from: 'confirmed', to: 'confirmed', at: at(6) },
        { from: 'confirmed', to: 'confirmed', at: at(7) },
        { from: 'confirmed', to: 'on_the_way', at: at(10) },
        { from: 'on_the_way', to: 'arrived', at: at(20) },
        { from: 'arrived', to: 'on_board', at: at(25) },
      ],
    }
    expect(steps(facts)).toEqual([
      `confirmed done ${at(0)}`,
      `assigned done ${at(5)}`,
      `on_the_way done ${at(10)}`,
      `arrived done ${at(20)}`,
      `on_board done ${at(25)}`,
      'finished to come null',
    ])
    expect(rideEnded(facts.status)).toBe(false)
  })

  it('ends at no-show when no one came', () => {
    const facts: TimelineFacts = {
      ...paid,
      status: 'no_show',
      assignedAt: at(5),
      events: [
        ...paid.events,
        { from: 'confirmed', to: 'on_the_way', at: at(10) },
        { from: 'on_the_way', to: 'arrived', at: at(20) },
        { from: 'arrived', to: 'no_show', at: at(59) },
      ],
    }
    expect(rideTimeline(facts).map((entry) => entry.step)).toEqual([
      'confirmed',
      'assigned',
      'on_the_way',
      'arrived',
      'no_show',
    ])
    expect(rideEnded(facts.status)).toBe(true)
  })

  it('shows a cancellation and its refund, pending until the provider made it', () => {
    const cancelled: TimelineFacts = {
      ...paid,
      status: 'cancelled',
      assignedAt: at(5),
      events: [
        ...paid.events,
        { from: 'confirmed', to: 'cancelled', at: at(30) },
        // The refund's own note, later, is not the cancellation's time.
        { from: 'cancelled', to: 'cancelled', at: at(31) },
      ],
      refund: { status: 'requested', at: null },
    }
    expect(steps(cancelled)).toEqual([
      `confirmed done ${at(0)}`,
      `assigned done ${at(5)}`,
      `cancelled done ${at(30)}`,
      'refunded to come null',
    ])
    expect(steps({ ...cancelled, refund: { status: 'succeeded', at: at(31) } }).at(-1)).toBe(
      `refunded done ${at(31)}`,
    )
    // No refund asked for (staff kept the payment): no refund step at all.
    expect(steps({ ...cancelled, refund: null }).at(-1)).toBe(`cancelled done ${at(30)}`)
    expect(rideEnded('cancelled')).toBe(true)
  })

  it('leaves out a driver assigned only after the booking was cancelled', () => {
    const facts: TimelineFacts = {
      ...paid,
      status: 'cancelled',
      assignedAt: at(40),
      events: [...paid.events, { from: 'confirmed', to: 'cancelled', at: at(30) }],
    }
    expect(rideTimeline(facts).map((entry) => entry.step)).toEqual(['confirmed', 'cancelled'])
  })
})
