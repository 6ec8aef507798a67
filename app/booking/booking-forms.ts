import { z } from 'zod'
import { paymentOptions } from '~/db/schema'

/**
 * The passenger and payment forms, shared by the server (the source of truth)
 * and the browser (instant feedback). Messages are translation keys under
 * `booking.errors`, resolved when they are shown, so both languages get them.
 */

const required = (key: string, max: number) =>
  z
    .string({ error: key })
    .trim()
    .min(1, { error: key })
    .max(max, { error: 'booking.errors.tooLong' })

const optional = (max: number) =>
  z.string().trim().max(max, { error: 'booking.errors.tooLong' }).optional()

/** At least an @ (the seed's rule) with something on both sides and a dot in the domain. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** International or local numbers: digits with the usual separators, 7 to 15 digits. */
const phonePattern = /^\+?[\d\s().-]+$/
/** IATA flight designators such as TK1984, PC 2010 or 6E12 (spaces ignored). */
const flightPattern = /^[A-Z0-9]{2}[A-Z]?\d{1,4}[A-Z]?$/

export interface VehicleCapacity {
  passengers: number
  luggage: number
}

const count = (max: number, maxKey: string) =>
  z
    .number({ error: 'booking.errors.counts' })
    .int({ error: 'booking.errors.counts' })
    .min(1, { error: 'booking.errors.counts' })
    .max(max, { error: maxKey })

/** The passenger step for a vehicle of the given capacity (seed, section 5). */
export function passengerSchema(capacity: VehicleCapacity) {
  return z.object({
    name: required('booking.errors.fillRequired', 100),
    lastName: required('booking.errors.fillRequired', 100),
    email: required('booking.errors.fillRequired', 254).refine(
      (value) => emailPattern.test(value),
      { error: 'booking.errors.email' },
    ),
    phone: required('booking.errors.fillRequired', 40).refine(
      (value) => {
        const digits = value.replace(/\D/g, '').length
        return phonePattern.test(value) && digits >= 7 && digits <= 15
      },
      { error: 'booking.errors.phone' },
    ),
    passengers: count(capacity.passengers, 'booking.errors.passengersMax'),
    luggage: count(capacity.luggage, 'booking.errors.luggageMax'),
    notes: optional(1000),
    flightNumber: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .refine((value) => value === '' || flightPattern.test(value), {
        error: 'booking.errors.flightNumber',
      })
      .optional(),
    signName: optional(100),
  })
}
export type PassengerDetails = z.infer<ReturnType<typeof passengerSchema>>

/** The payment step: billing details, how to pay, and the two agreements. */
export const paymentSchema = z.object({
  fullname: required('booking.errors.required', 100),
  lastname: required('booking.errors.required', 100),
  company: optional(200),
  address: required('booking.errors.required', 500),
  country: required('booking.errors.required', 100),
  city: required('booking.errors.required', 100),
  zipcode: required('booking.errors.required', 20),
  paymentOption: z.enum(paymentOptions, { error: 'booking.errors.paymentOption' }),
  acceptTerms: z
    .boolean({ error: 'booking.errors.acceptTerms' })
    .refine((value) => value, { error: 'booking.errors.acceptTerms' }),
})
export type PaymentDetails = z.infer<typeof paymentSchema>
