import * as z from 'zod/mini'
import { textField } from '~/forms/text-input'
import { billingLimits, passengerLimits } from '~/booking/booking-forms'
import { updatesChannels } from '~/domain/messages/updates-channel'
import { travellerPasswordProblem } from '~/domain/staff/password'

/**
 * The traveller account's forms (register, sign in, a link asked for, a new
 * password, the saved details), checked on the server. Messages are
 * translation keys under `travellerAccount.errors`.
 */

const errors = 'travellerAccount.errors'
/** An @ with something on both sides of it and a dot in the domain (as the passenger step). */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const emailField = () =>
  textField({ max: 254, required: `${errors}.emailRequired` }).check(
    z.refine((value) => emailPattern.test(value), { error: `${errors}.emailInvalid` }),
  )

/** A password is never trimmed or normalised: it is taken exactly as typed. */
const newPasswordField = () =>
  z.string({ error: `${errors}.passwordRequired` }).check(
    z.refine((value) => travellerPasswordProblem(value) !== 'too-short', {
      error: `${errors}.passwordTooShort`,
    }),
    z.refine((value) => travellerPasswordProblem(value) !== 'too-long', {
      error: `${errors}.passwordTooLong`,
    }),
  )

const confirmCheck = z.refine<{ password: string; confirmPassword?: string }>(
  (value) => value.password === value.confirmPassword,
  { path: ['confirmPassword'], error: `${errors}.passwordsDiffer` },
)

export const registerSchema = z
  .object({
    email: emailField(),
    password: newPasswordField(),
    confirmPassword: z.optional(z.string()),
  })
  .check(confirmCheck)

/** Sign in: by password (the first button), or a link by e-mail (`intent=link`). */
export const signInSchema = z.object({
  email: emailField(),
  password: z.optional(z.string()),
  remember: z.optional(z.boolean()),
})

export const emailOnlySchema = z.object({ email: emailField() })

export const newPasswordSchema = z
  .object({
    password: newPasswordField(),
    confirmPassword: z.optional(z.string()),
  })
  .check(confirmCheck)

/**
 * The details kept for the next booking, named as the passenger and payment
 * steps name their fields, so prefilling is a copy. Every one optional: a
 * traveller keeps what they like. Checked only for length and the e-mail's
 * shape here; the booking's own steps check them fully when used.
 */
export const savedDetailsSchema = z.object({
  name: textField({ max: passengerLimits.name }),
  lastName: textField({ max: passengerLimits.lastName }),
  email: z.optional(
    textField({ max: passengerLimits.email }).check(
      z.refine((value) => !value || emailPattern.test(value), { error: `${errors}.emailInvalid` }),
    ),
  ),
  phone: textField({ max: passengerLimits.phone }),
  updates: z.optional(z.enum(updatesChannels)),
  fullname: textField({ max: billingLimits.fullname }),
  lastname: textField({ max: billingLimits.lastname }),
  company: textField({ max: billingLimits.company }),
  address: textField({ max: billingLimits.address }),
  country: textField({ max: billingLimits.country }),
  city: textField({ max: billingLimits.city }),
  zipcode: textField({ max: billingLimits.zipcode }),
})

export type SavedDetails = z.infer<typeof savedDetailsSchema>
export const savedDetailNames = Object.keys(savedDetailsSchema.shape) as (keyof SavedDetails)[]

/** The stored JSON read back; anything unreadable or unknown is left out. */
export function readSavedDetails(json: string | null): SavedDetails {
  if (!json) return {}
  try {
    const parsed = savedDetailsSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : {}
  } catch {
    return {}
  }
}

export type RegisterFields = z.infer<typeof registerSchema>
export type SignInFields = z.infer<typeof signInSchema>
export type EmailOnlyFields = z.infer<typeof emailOnlySchema>
export type NewPasswordFields = z.infer<typeof newPasswordSchema>
