import * as z from 'zod/mini'
import {
  passengerNameSchema,
  passengerSchema,
  returnPickupFields,
  type ReturnPickup,
  type VehicleCapacity,
} from '~/booking/booking-forms'
import type { PhoneCheck } from '~/domain/phone-shape'

/**
 * The traveller's "Change details" form, shared by the server (the source of
 * truth) and the browser (instant feedback): the passenger step's own rules
 * for the phone, the flight, the sign, the notes and the counts (bounded by
 * the booked vehicle's capacity, which the server reads from the booking's
 * class, never from the form, and at least one passenger more than the child
 * seats booked), the exact address of a pickup that is not an airport
 * (`pickupAddress`: required then, as on the passenger step), a return ride's
 * pickup asked the same way (`returnPickup`), and the passengers' names, one
 * row each, no more rows than passengers. Messages are translation keys.
 */
export function detailsFormSchema(
  {
    capacity,
    childSeats = 0,
    pickupAddress = false,
    returnPickup = 'none',
  }: {
    capacity: VehicleCapacity
    childSeats?: number
    pickupAddress?: boolean
    returnPickup?: ReturnPickup
  },
  phone: PhoneCheck,
) {
  // A return ride still to come: its pickup's address, or its arriving flight
  // (optional here, as the outbound's is).
  const { returnPickupAddress, returnFlightNumber } = returnPickupFields(returnPickup)
  const passenger = passengerSchema({ capacity, childSeats, pickupAddress, phone })
  const counts = z.pick(passenger, {
    pickupAddress: true,
    phone: true,
    passengers: true,
    luggage: true,
    flightNumber: true,
    signName: true,
    notes: true,
  })
  return z
    .extend(counts, {
      returnPickupAddress,
      returnFlightNumber,
      names: z._default(
        z.array(z.object({ firstname: passengerNameSchema, lastname: passengerNameSchema })),
        [],
      ),
    })
    .check(
      z.refine((details) => details.names.length <= details.passengers, {
        path: ['passengers'],
        error: 'traveller.change.errors.fewerThanNames',
      }),
    )
}

export type DetailsForm = z.infer<ReturnType<typeof detailsFormSchema>>
