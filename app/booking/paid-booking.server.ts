import { redirect } from 'react-router'
import type { BookingRow } from '~/db/schema'
import type { DatabaseHandle } from '~/db/connect.server'
import type { SiteSettings } from '~/config/site'
import type { Language } from '~/i18n/config'
import { getDatabase } from '~/db/db.server'
import { isPaid } from '~/domain/booking/status'
import { bookingHref, findOwnBooking } from './booking-access.server'
import { bookingExtras } from './bookings.server'
import { presentBooking, type BookingView } from './booking-view.server'
import { notFound } from '~/utils/not-found'

/** What a page about a paid booking works with. */
export interface PaidBooking {
  /** The database it was read from, for the page's further reads and writes. */
  handle: DatabaseHandle
  booking: BookingRow
  view: BookingView
  /**
   * A link to another page of the same booking. Opened through the e-mail's
   * signed link, the page passes the key on, so its links keep working in a
   * browser that holds no cookie for the booking; the cookie holder's stay plain.
   */
  linkTo: (path: string) => string
}

export interface PaidBookingOptions {
  language: Language
  site: SiteSettings
  /**
   * What the browser that made the booking gets while it is not paid yet: the
   * received page sends it back to the payment step, where it can finish;
   * the invoice, voucher and completion pages have nothing to show it.
   */
  unpaid?: 'not-found' | 'payment-step'
  /**
   * A paid booking that was cancelled since: the received page and the
   * traveller's own pages still show it (its status, its refund); the invoice,
   * the voucher and the completion page do not.
   */
  includeCancelled?: boolean
  /** The process's database unless given (tests pass their own). */
  handle?: DatabaseHandle
}

export type PaidBookingAccess =
  | { kind: 'paid'; paid: PaidBooking }
  /** A stranger, an unknown or forged key, or an unpaid booking opened through its link. */
  | { kind: 'not-found' }
  /** This browser's own booking (its cookie), not paid yet. */
  | { kind: 'unpaid' }

/** A booking that was paid, then cancelled (by staff, or by the traveller online). */
export function wasPaidThenCancelled(booking: Pick<BookingRow, 'status' | 'confirmed_at'>) {
  return booking.status === 'cancelled' && booking.confirmed_at !== null
}

/**
 * Who may see a paid booking, without answering: for a page that shows its own
 * not-found state (the completion page). The others use `requirePaidBooking`.
 */
export async function findPaidBookingFor(
  request: Request,
  options: Omit<PaidBookingOptions, 'unpaid'>,
): Promise<PaidBookingAccess> {
  const handle = options.handle ?? (await getDatabase())
  const own = await findOwnBooking(handle, request)
  if (!own) return { kind: 'not-found' }
  const { booking } = own
  const shown =
    isPaid(booking.status) || (options.includeCancelled && wasPaidThenCancelled(booking))
  // A link reveals nothing about a booking that is not paid: the key may have leaked.
  if (!shown) return own.viaLink ? { kind: 'not-found' } : { kind: 'unpaid' }
  const extras = await bookingExtras(handle, booking.id)
  return {
    kind: 'paid',
    paid: {
      handle,
      booking,
      view: presentBooking(booking, extras, options.language, options.site),
      linkTo: (path) => bookingHref(path, request, own),
    },
  }
}

/**
 * The paid booking (confirmed, under way or ridden) this request may see: the browser
 * that made it (its signed cookie) or the holder of the e-mail's signed link.
 * Anyone else gets the not-found page (thrown), which says nothing about
 * whether the booking exists; an unpaid booking too, unless `unpaid` sends its
 * own browser to the payment step.
 */
export async function requirePaidBooking(
  request: Request,
  options: PaidBookingOptions,
): Promise<PaidBooking> {
  const access = await findPaidBookingFor(request, options)
  if (access.kind === 'paid') return access.paid
  if (access.kind === 'unpaid' && options.unpaid === 'payment-step') {
    throw redirect('/booking-payment')
  }
  notFound()
}
