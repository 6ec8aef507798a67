import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { vehicleClasses } from '~/domain/booking/vehicle-classes'
import { detailsChange } from '~/domain/booking/traveller-rules'
import { changedFields, type AuditValues } from '~/domain/staff/audit-actions'
import { bookingPickupInstant } from '~/domain/trip-search'
import { lockBooking, updateBooking } from '~/booking/booking-store.server'
import { lockReturnRideToCome } from '~/booking/return-ride.server'
import { asksPickupAddress } from '~/booking/booking-view.server'
import {
  namesText,
  passengerNames,
  replacePassengerNames,
  type PassengerName,
} from '~/booking/passenger-names.server'
import { deliverSoon } from '~/messages/queue.server'
import type { DetailsForm } from './details-form'
import { recordTravellerChange } from '~/booking/traveller-change.server'

/**
 * The traveller changes the details of their paid booking online: phone,
 * flight number, name on the sign, notes, passenger and luggage counts, the
 * exact pickup address (a pickup that is not an airport) and the passengers'
 * names; for a return ride still to come, its own pickup (the outbound's
 * destination): its address, or its arriving flight. Until 24 hours before pickup, and only while the
 * ride is still to come. Under the booking's lock, in one transaction: the
 * new values, the audit entry (by the traveller, each changed field before
 * and after, shown to staff on the booking's page) and the e-mail that
 * confirms the change to the traveller.
 */

export type ChangeOutcome =
  | { kind: 'changed'; fields: string[] }
  /** The form said what the booking already holds: nothing is written or sent. */
  | { kind: 'unchanged' }
  /** Under 24 hours before pickup: a phone call now. */
  | { kind: 'too-late' }
  /** Cancelled, under way or over. */
  | { kind: 'closed' }
  /** More passengers or suitcases than the booked vehicle takes (the form's check, again here). */
  | { kind: 'over-capacity' }

function detailsOf(booking: BookingRow, names: PassengerName[]): AuditValues {
  return {
    phone: booking.phone,
    flightNumber: booking.flight_number,
    signName: booking.sign_name,
    notes: booking.notes,
    passengers: booking.passenger_count,
    luggage: booking.luggage_count,
    passengerNames: namesText(names),
    pickupAddress: booking.pickup_address,
  }
}

/**
 * A return ride's pickup as the form shows it: the address of a pickup in
 * town, or the flight landing before a pickup at an airport.
 */
function returnPickupDetails(returnRide: BookingRow): AuditValues {
  return asksPickupAddress(returnRide)
    ? { returnPickupAddress: returnRide.pickup_address }
    : { returnFlightNumber: returnRide.flight_number }
}

/** The return ride's pickup columns after the form: the address required in town, the flight optional. */
function returnPickupAfter(returnRide: BookingRow, details: DetailsForm) {
  return asksPickupAddress(returnRide)
    ? { pickup_address: details.returnPickupAddress ?? returnRide.pickup_address }
    : { flight_number: details.returnFlightNumber ?? null }
}

export async function changeBookingDetails(
  handle: DatabaseHandle,
  bookingId: string,
  details: DetailsForm,
  now: Date,
): Promise<ChangeOutcome> {
  const at = now.toISOString()
  const outcome = await writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, bookingId)
    if (!booking) return { outcome: { kind: 'closed' as const } }
    const open = detailsChange(booking.status, bookingPickupInstant(booking), now)
    if (open !== 'open') return { outcome: { kind: open } }
    const capacity = vehicleClasses[booking.vehicle_class]
    if (details.passengers > capacity.passengers || details.luggage > capacity.luggage) {
      return { outcome: { kind: 'over-capacity' as const } }
    }
    const names = details.names.map(({ firstname, lastname }) => ({ firstname, lastname }))
    const returnRide = await lockReturnRideToCome(trx, booking.id)
    const returnColumns = returnRide ? returnPickupAfter(returnRide, details) : {}
    const before = {
      ...detailsOf(booking, await passengerNames(trx, booking.id)),
      ...(returnRide ? returnPickupDetails(returnRide) : {}),
    }
    const changes = changedFields(before, {
      phone: details.phone,
      flightNumber: details.flightNumber ?? null,
      signName: details.signName ?? null,
      notes: details.notes ?? null,
      passengers: details.passengers,
      luggage: details.luggage,
      passengerNames: namesText(names),
      // Asked only for a pickup that is not an airport: otherwise the booking's stays.
      pickupAddress: details.pickupAddress ?? booking.pickup_address,
      ...(returnRide ? returnPickupDetails({ ...returnRide, ...returnColumns }) : {}),
    })
    const fields = Object.keys(changes.after)
    if (fields.length === 0) return { outcome: { kind: 'unchanged' as const } }
    const changed = await updateBooking(
      trx,
      booking,
      {
        phone: details.phone,
        flight_number: details.flightNumber ?? null,
        sign_name: details.signName ?? null,
        notes: details.notes ?? null,
        passenger_count: details.passengers,
        luggage_count: details.luggage,
        pickup_address: details.pickupAddress ?? booking.pickup_address,
      },
      at,
    )
    if (fields.includes('passengerNames')) await replacePassengerNames(trx, booking.id, names)
    // The same people ride back: a return ride still to come takes the details
    // that are the traveller's, and its own pickup (address or arriving flight).
    if (returnRide) {
      await updateBooking(
        trx,
        returnRide,
        {
          phone: details.phone,
          sign_name: details.signName ?? null,
          notes: details.notes ?? null,
          passenger_count: details.passengers,
          luggage_count: details.luggage,
          ...returnColumns,
        },
        at,
      )
      if (fields.includes('passengerNames')) await replacePassengerNames(trx, returnRide.id, names)
    }
    const mailId = await recordTravellerChange(trx, changed, changes, now)
    return { outcome: { kind: 'changed' as const, fields }, mailId }
  })
  if ('mailId' in outcome) deliverSoon(handle, [outcome.mailId])
  return outcome.outcome
}
