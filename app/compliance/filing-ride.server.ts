import type { BookingRow } from '~/db/schema'
import type { Executor } from '~/db/executor'
import { currentAssignment } from '~/dispatch/assignment.server'
import { driverIdentityNumber } from '~/dispatch/drivers.server'
import { passengerRecords } from '~/booking/passenger-names.server'
import { rideMinutes } from '~/domain/booking/ride-mode'
import { bookingPickupInstant } from '~/domain/trip-search'
import type { FilingRide } from '~/domain/compliance/trip-filing'

/**
 * A ride read for its passenger list: the booking, who drives it and in what,
 * and its passengers with their documents opened. Only the filing job, the
 * manifest and the day's CSV read it (documents are opened nowhere else).
 */
export async function filingRideOf(executor: Executor, booking: BookingRow): Promise<FilingRide> {
  const [assignment, passengers] = await Promise.all([
    currentAssignment(executor, booking.id),
    passengerRecords(executor, booking.id),
  ])
  return {
    reference: booking.reference,
    pickupAt: bookingPickupInstant(booking),
    minutes: rideMinutes(booking),
    pickupPlaceId: booking.pickup_place_id,
    destinationPlaceId: booking.destination_place_id,
    pickupText: booking.pickup_text,
    destinationText: booking.destination_text,
    fare: { minor: booking.total_minor, currency: booking.currency },
    passengerCount: booking.passenger_count ?? 1,
    vehicle: assignment ? { plate: assignment.vehicle.plate } : null,
    driver: assignment
      ? {
          name: assignment.driver.name,
          phone: assignment.driver.phone,
          identityNumber: driverIdentityNumber(assignment.driver),
          sex: assignment.driver.document_sex,
        }
      : null,
    passengers,
  }
}
