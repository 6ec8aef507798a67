import { isQuoteExpired } from '~/domain/booking/quote-hold'
import { redirect } from 'react-router'
import type { BookingRow } from '~/db/schema'
import type { DatabaseHandle } from '~/db/connect.server'
import { getDatabase } from '~/db/db.server'
import { logger } from '~/utils/logger.server'
import { bookingExtras, findBooking, transitionBooking } from './bookings.server'
import { readDraftId } from './draft-cookie.server'
import type { ExtraQuantities } from '~/domain/booking/extras'
import type { BookingNotice } from './notices'

export type GuardedStep = 'extra' | 'passenger' | 'payment'

export interface StepBooking {
  handle: DatabaseHandle
  booking: BookingRow
  extras: ExtraQuantities
}

/** The vehicle step searched again for the booking's trip, with a notice. */
export function vehicleSearchPath(booking: BookingRow | undefined, notice?: BookingNotice) {
  const params = new URLSearchParams()
  if (booking) {
    params.set('date', booking.trip_date)
    params.set('time', booking.trip_time)
    params.set('pickup', booking.pickup_text)
    if (booking.ride_mode === 'hourly' && booking.hire_hours) {
      params.set('mode', 'hourly')
      params.set('hours', String(booking.hire_hours))
      if (booking.planned_km) params.set('km', String(booking.planned_km))
    } else {
      params.set('destination', booking.destination_text)
    }
    // A trip there and back is searched again as one.
    if (booking.return_date && booking.return_time) {
      params.set('return', '1')
      params.set('returnDate', booking.return_date)
      params.set('returnTime', booking.return_time)
    }
    params.set('currency', booking.currency)
  }
  if (notice) params.set('notice', notice)
  const query = params.toString()
  return `/booking-vehicle${query ? `?${query}` : ''}`
}

const withNotice = (path: string, notice: BookingNotice) => `${path}?notice=${notice}`

/**
 * The booking this browser may work on at a step, or a redirect to where it
 * should be: the vehicle step when there is no draft (or it belongs to another
 * browser: its id is never accepted unsigned) or its quote ran out, the first
 * unfinished step when a later one is opened too early, the payment step once
 * the booking was submitted.
 */
export async function requireStepBooking(
  request: Request,
  step: GuardedStep,
  now = new Date(),
): Promise<StepBooking> {
  const handle = await getDatabase()
  const id = await readDraftId(request)
  const booking = id ? await findBooking(handle, id) : undefined
  if (!booking || booking.status === 'cancelled') {
    throw redirect(vehicleSearchPath(undefined, 'noBooking'))
  }
  if (booking.status === 'draft' && isQuoteExpired(booking, now)) {
    try {
      await transitionBooking(handle, booking.id, 'expired', now, 'quote expired')
    } catch (error) {
      logger.info('booking.expire_skipped', { reference: booking.reference, error: String(error) })
    }
    throw redirect(vehicleSearchPath(booking, 'expired'))
  }
  if (booking.status === 'expired') throw redirect(vehicleSearchPath(booking, 'expired'))
  if (booking.status !== 'draft') {
    // Submitted: the payment step shows where the booking stands.
    if (step !== 'payment') throw redirect(withNotice('/booking-payment', 'submitted'))
  } else if (step !== 'extra' && !booking.extras_done_at) {
    throw redirect(withNotice('/booking-extra', 'extrasFirst'))
  } else if (step === 'payment' && !booking.passenger_done_at) {
    throw redirect(withNotice('/booking-passenger', 'passengerFirst'))
  }
  return { handle, booking, extras: await bookingExtras(handle, booking.id) }
}
