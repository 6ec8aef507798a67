import type { ExtraLine } from '~/domain/booking/extras'

type Translate = (key: string, options?: Record<string, unknown>) => string

/**
 * An extra as the traveller reads it: its name, with the count when there is
 * more than one ("Child Seat × 2"). Pure, so the pages, the e-mails and the
 * voucher word it alike.
 */
export function extraLineLabel(t: Translate, line: ExtraLine): string {
  const name = t(`booking.extras.items.${line.code}.title`)
  return line.quantity > 1 ? t('booking.extras.line', { name, count: line.quantity }) : name
}

/**
 * A booking's extras in one line, or undefined when it has none. On a trip
 * there and back each ride has its own seats, fitted and charged on each
 * (bookingTotals), and the line says so rather than let "Child Seat" read as
 * one seat for the whole trip.
 */
export function extrasLine(t: Translate, labels: string[], roundTrip: boolean): string | undefined {
  if (labels.length === 0) return undefined
  const list = labels.join(', ')
  return roundTrip ? t('booking.extras.eachRide', { extras: list }) : list
}
