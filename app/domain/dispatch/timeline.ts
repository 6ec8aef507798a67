/**
 * The day's time line (docs/dispatch.md, "The day at a glance"), pure: each
 * ride placed on the 24 hours of an Istanbul day as a bar from its pickup to
 * its estimated end, the rows' free gaps between them, and which bars of one
 * row overlap (a car or a driver given two rides at once).
 */

export const DAY_MINUTES = 24 * 60

export interface TimelineRide {
  reference: string
  /** Instants in milliseconds: the pickup and the estimated end of the ride. */
  start: number
  end: number
}

export interface TimelineBar<Ride extends TimelineRide> {
  ride: Ride
  /** Minutes from the day's first moment, clipped to the day: 0 to 1440. */
  fromMinute: number
  toMinute: number
  /** The ride began the day before, or ends the day after: the bar is cut there. */
  cutBefore: boolean
  cutAfter: boolean
  /** Another bar of the same row shares some moment with this one. */
  clashes: boolean
}

export interface TimelineGap {
  fromMinute: number
  toMinute: number
}

/** A row's rides that touch the day, as bars in time order; the others are left out. */
export function barsOfDay<Ride extends TimelineRide>(
  rides: readonly Ride[],
  dayStart: number,
): TimelineBar<Ride>[] {
  const dayEnd = dayStart + DAY_MINUTES * 60_000
  const minute = (instant: number) => Math.round((instant - dayStart) / 60_000)
  const bars = rides
    .filter((ride) => ride.start < dayEnd && ride.end > dayStart)
    .sort((a, b) => a.start - b.start || a.reference.localeCompare(b.reference))
    .map((ride) => ({
      ride,
      fromMinute: Math.max(0, minute(ride.start)),
      toMinute: Math.min(DAY_MINUTES, minute(ride.end)),
      cutBefore: ride.start < dayStart,
      cutAfter: ride.end > dayEnd,
      clashes: false,
    }))
  for (const bar of bars) {
    bar.clashes = bars.some(
      (other) =>
        other !== bar && other.ride.start < bar.ride.end && bar.ride.start < other.ride.end,
    )
  }
  return bars
}

/** The stretches of the day no bar covers, in order: where a row is free. */
export function freeGaps(bars: readonly { fromMinute: number; toMinute: number }[]): TimelineGap[] {
  const gaps: TimelineGap[] = []
  let cursor = 0
  for (const bar of [...bars].sort((a, b) => a.fromMinute - b.fromMinute)) {
    if (bar.fromMinute > cursor) gaps.push({ fromMinute: cursor, toMinute: bar.fromMinute })
    cursor = Math.max(cursor, bar.toMinute)
  }
  if (cursor < DAY_MINUTES) gaps.push({ fromMinute: cursor, toMinute: DAY_MINUTES })
  return gaps
}

/** A minute of the day as the page writes it: '00:00' to '24:00'. */
export function minuteText(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60)
  const minutes = minuteOfDay % 60
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}
