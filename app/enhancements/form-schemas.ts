// The schemas form-check.ts checks forms with: the very ones the server parses
// those forms with, each loaded only by a page that has its form. A form names
// its schema, and what the schema is made with, in its FormCheck JSON
// (app/forms/form-check.tsx).
import type { parseWithZod } from '@conform-to/zod/v4'
import type { ReturnPickup, UpdatesOptions, VehicleCapacity } from '~/booking/booking-forms'
import { plausiblePhone } from '~/domain/phone-shape'

type Schema = Parameters<typeof parseWithZod>[1]['schema']

interface CapacityParams {
  capacity: VehicleCapacity
  childSeats: number
  /** A pickup that is not an airport: its address is required. */
  pickupAddress?: boolean
  /** How ride updates may be sent (the passenger step). */
  updates?: UpdatesOptions
  /** A trip there and back: how its return's pickup is asked. */
  returnPickup?: ReturnPickup
}

export const formSchemas: Record<string, (params: unknown) => Promise<Schema>> = {
  contact: async () => (await import('~/contact/contact-schema')).contactSchema,
  passenger: async (params) => {
    const { capacity, childSeats, pickupAddress, updates, returnPickup } = params as CapacityParams
    // The arrival by air is asked exactly where the address is not: at an airport.
    return (await import('~/booking/booking-forms')).passengerSchema({
      capacity,
      childSeats,
      pickupAddress,
      updates,
      arrivalByAir: !pickupAddress,
      returnPickup,
      // Checked by its shape here; the server reads it fully (the library stays there).
      phone: plausiblePhone,
    })
  },
  payment: async () => (await import('~/booking/booking-forms')).paymentSchema,
  details: async (params) => {
    const { capacity, childSeats, pickupAddress, returnPickup } = params as CapacityParams
    return (await import('~/traveller/details-form')).detailsFormSchema(
      { capacity, childSeats, pickupAddress, returnPickup },
      plausiblePhone,
    )
  },
  findBooking: async () => (await import('~/traveller/find-booking-form')).findBookingSchema,
  driver: async () => (await import('~/dispatch/dispatch-forms')).driverSchema,
  vehicle: async () => (await import('~/dispatch/dispatch-forms')).vehicleSchema,
  assign: async () => (await import('~/dispatch/dispatch-forms')).assignSchema,
  addStaff: async () => (await import('~/staff/staff-forms')).addStaffSchema,
  newPassword: async () => (await import('~/staff/staff-forms')).newPasswordSchema,
}
