/**
 * Messages a booking step can be opened with after a redirect (`?notice=`).
 * Only these codes are shown, each from the translation files, so the URL can
 * never put arbitrary text on the page.
 */
export const bookingNotices = [
  'noBooking',
  'expired',
  'extrasFirst',
  'passengerFirst',
  'submitted',
  'priceChanged',
  'paymentNotStarted',
  'paymentDeclined',
  'paymentThreeDs',
  'paymentPending',
  'paymentUnknown',
  'paymentPreparing',
  'quoteExpired',
  'repriced',
  'repriceUnavailable',
  'fullyBooked',
] as const
export type BookingNotice = (typeof bookingNotices)[number]

export function readNotice(url: URL | string): BookingNotice | undefined {
  const value = new URL(url, 'http://x').searchParams.get('notice')
  return (bookingNotices as readonly string[]).includes(value ?? '')
    ? (value as BookingNotice)
    : undefined
}

/** Notices that mean the traveller was sent here instead of where they tried to go. */
const warningNotices: readonly BookingNotice[] = [
  'noBooking',
  'expired',
  'priceChanged',
  'paymentNotStarted',
  'paymentDeclined',
  'paymentThreeDs',
  'paymentUnknown',
  'quoteExpired',
  'repriceUnavailable',
  'fullyBooked',
]

/** A notice that says something went wrong: the page's title starts with 'Error: '. */
export function isWarningNotice(notice: BookingNotice | undefined): boolean {
  return notice !== undefined && warningNotices.includes(notice)
}
