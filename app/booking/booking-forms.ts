import * as z from 'zod/mini'
import { paymentOptions } from '~/domain/booking/payment-split'
import { textField } from '~/forms/text-input'
import { flightNumberField } from './flight-number-field'
import { buyerFieldLimits } from '~/booking/field-limits'
import type { PhoneCheck } from '~/domain/phone-shape'
import {
  compactTaxNumber,
  taxNumberProblem,
  type TaxNumberProblem,
} from '~/domain/billing/tax-number'
import { updatesChannels, type UpdatesChannel } from '~/domain/messages/updates-channel'

/**
 * The passenger and payment forms, shared by the server (the source of truth)
 * and the browser (instant feedback). Messages are translation keys under
 * `booking.errors` (and the shared `forms.errors` of textField), resolved when
 * they are shown, so both languages get them. Written with zod/mini, as
 * every schema the browser runs (app/forms/text-input.ts).
 */

/**
 * Longest value of each passenger field: the width of its column (migration
 * 0002). The billing fields go to the payment provider, so theirs are the
 * provider's (field-limits); the company is only stored and printed.
 */
export const passengerLimits = {
  name: 100,
  lastName: 100,
  email: 254,
  phone: 40,
  notes: 1000,
  flightNumber: 16,
  signName: 100,
  /** Migration 0016: as long as the search's own places. */
  pickupAddress: 200,
} as const

export const billingLimits = {
  fullname: buyerFieldLimits.name,
  lastname: buyerFieldLimits.surname,
  company: 100,
  /** Migration 0026: the tax office's name. */
  taxOffice: 80,
  /** Typed with spaces or dots people group it with; stored as its 10 or 11 digits. */
  taxNumber: 20,
  address: buyerFieldLimits.address,
  country: buyerFieldLimits.country,
  city: buyerFieldLimits.city,
  zipcode: buyerFieldLimits.zipCode,
} as const

/** Each name of 'Complete Reservation': the width of booking_passengers' columns. */
export const passengerNameMax = 100

/** An @ with something on both sides of it and a dot in the domain. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export interface VehicleCapacity {
  passengers: number
  luggage: number
}

const count = (max: number, maxKey: string) =>
  z
    .number({ error: 'booking.errors.counts' })
    .check(
      z.int({ error: 'booking.errors.counts' }),
      z.minimum(1, { error: 'booking.errors.counts' }),
      z.maximum(max, { error: maxKey }),
    )

/** The message of a missing pickup address. */
const pickupAddressRequired = 'booking.errors.pickupAddress'

/**
 * The exact address or hotel of a pickup that is not an airport (`asked`):
 * required then, and the searched place is only the district it is priced in.
 * An airport pickup has no such field: anything posted for it is ignored.
 */
export function pickupAddressField(asked: boolean) {
  return asked
    ? textField({ max: passengerLimits.pickupAddress, required: pickupAddressRequired })
    : notAsked
}

/** A field this form does not ask: anything posted for it is ignored. */
const notAsked = z.pipe(
  z.optional(z.unknown()),
  z.transform((): undefined => undefined),
)

/**
 * A return ride's pickup (the outbound's destination), asked by the rules of
 * every pickup: `address` in town (its exact address required), `airport`
 * (the flight landing before it required, unless not arriving by air), or
 * `none` without a return.
 */
export type ReturnPickup = 'none' | 'address' | 'airport'

/** The fields of a return ride's pickup (see ReturnPickup); those not asked are ignored. */
export function returnPickupFields(returnPickup: ReturnPickup) {
  return {
    returnPickupAddress: pickupAddressField(returnPickup === 'address'),
    returnFlightNumber: returnPickup === 'airport' ? flightNumberField() : notAsked,
    returnNotByAir: airportCheckbox(returnPickup === 'airport'),
  }
}

/**
 * A phone number, as `check` reads it: on the server toE164 (stored in
 * E.164, one written without a country code read as Turkish:
 * app/domain/phone.ts), in the browser plausiblePhone, which needs no
 * phone library. Anything that cannot be a number is refused beside the field.
 */
export function phoneField(required: string, check: PhoneCheck) {
  return z.pipe(
    textField({ max: passengerLimits.phone, required }).check(
      z.refine((value) => !value || check(value) !== undefined, {
        error: 'booking.errors.phone',
      }),
    ),
    z.transform((value) => (value ? (check(value) ?? value) : value)),
  )
}

/**
 * How ride updates are asked for. `offered`: WhatsApp and SMS can be chosen
 * (a messaging provider is configured; without one the step says updates
 * come by e-mail, and the choice is e-mail). `whatsapp`: WhatsApp is one of
 * them. `canText`, on the server only (it needs the full numbering metadata):
 * whether a number can receive SMS and WhatsApp.
 */
export interface UpdatesOptions {
  offered: boolean
  whatsapp?: boolean
  canText?: (e164: string) => boolean
}

const emailOnly: UpdatesOptions = { offered: false }

/** The choices a traveller is offered for their ride updates. */
export function offeredUpdates(options: UpdatesOptions): readonly UpdatesChannel[] {
  if (!options.offered) return ['email']
  return options.whatsapp === false
    ? updatesChannels.filter((channel) => channel !== 'whatsapp')
    : updatesChannels
}

function updatesField(options: UpdatesOptions) {
  const choices = offeredUpdates(options)
  return choices.length > 1
    ? z.enum(choices as [UpdatesChannel, ...UpdatesChannel[]], {
        error: 'booking.errors.updates',
      })
    : z.pipe(
        z.optional(z.unknown()),
        z.transform((): UpdatesChannel => 'email'),
      )
}

/**
 * The passenger step: its counts are bounded by the chosen vehicle's
 * capacity, and the passengers are at least one more than the child and
 * booster seats chosen (an adult travels with the children); a pickup that
 * is not an airport needs its exact address (`pickupAddress`); ride updates
 * by WhatsApp or SMS need a number that can take them (`updates`); a pickup
 * at an airport asks how the traveller arrives (`arrivalByAir`). The flight
 * number is kept as its ident (`tk 0012` → `TK12`, app/domain/flight-number.ts).
 */
export interface PassengerFormOptions {
  /** The booked class's seats and suitcases, read from the booking. */
  capacity: VehicleCapacity
  /** Child and booster seats booked: the passengers are at least one more. */
  childSeats?: number
  /** A pickup that is not an airport: its exact address is required. */
  pickupAddress?: boolean
  updates?: UpdatesOptions
  /** A pickup at an airport: the arriving flight is required unless not by air. */
  arrivalByAir?: boolean
  returnPickup?: ReturnPickup
  /** How the phone is read: toE164 on the server, plausiblePhone in the browser. */
  phone: PhoneCheck
}

export function passengerSchema({
  capacity,
  childSeats = 0,
  pickupAddress = false,
  updates = emailOnly,
  arrivalByAir = false,
  returnPickup = 'none',
  phone,
}: PassengerFormOptions) {
  const fill = 'booking.errors.fillRequired'
  const limit = passengerLimits
  const fields = z.object({
    pickupAddress: pickupAddressField(pickupAddress),
    name: textField({ max: limit.name, required: fill }),
    lastName: textField({ max: limit.lastName, required: fill }),
    email: textField({ max: limit.email, required: fill }).check(
      z.refine((value) => emailPattern.test(value), { error: 'booking.errors.email' }),
    ),
    phone: phoneField(fill, phone),
    updates: updatesField(updates),
    passengers: count(capacity.passengers, 'booking.errors.passengersMax').check(
      // Fewer than one passenger is already refused as not a count.
      z.refine((passengers) => passengers < 1 || passengers > childSeats, {
        error: 'booking.errors.passengersForSeats',
      }),
    ),
    luggage: count(capacity.luggage, 'booking.errors.luggageMax'),
    notes: textField({ max: limit.notes, multiline: true }),
    flightNumber: flightNumberField(),
    notByAir: airportCheckbox(arrivalByAir),
    // A ride to an airport: the flight it is to catch (optional, kept as its ident).
    departureFlight: flightNumberField(),
    // Kept as typed after the flight-status provider found it not to fit the booking.
    keepFlight: z.optional(z.boolean()),
    signName: textField({ max: limit.signName }),
    ...returnPickupFields(returnPickup),
  })
  const { canText } = updates
  const checks = [
    ...(arrivalByAir
      ? [
          // Arriving by air needs the flight: it is what the driver meets.
          z.refine<z.infer<typeof fields>>(
            (details) => details.notByAir === true || Boolean(details.flightNumber),
            { path: ['flightNumber'], error: 'booking.errors.flightRequired' },
          ),
        ]
      : []),
    ...(returnPickup === 'airport'
      ? [
          // So does the return's driver, waiting at the airport.
          z.refine<z.infer<typeof fields>>(
            (details) => details.returnNotByAir === true || Boolean(details.returnFlightNumber),
            { path: ['returnFlightNumber'], error: 'booking.errors.flightRequired' },
          ),
        ]
      : []),
    ...(canText
      ? [
          z.refine<z.infer<typeof fields>>(
            (details) => details.updates === 'email' || canText(details.phone),
            { path: ['phone'], error: 'booking.errors.phoneNotMobile' },
          ),
        ]
      : []),
  ]
  return checks.length ? fields.check(...checks) : fields
}

/**
 * "Not arriving by air", asked only at an airport pickup (elsewhere there is
 * nothing to tick): a traveller picked up at an airport arrives on a flight,
 * whose number is then required, unless they tick that they are not
 * arriving by air (already in Istanbul, off a ship, on a connection by road):
 * an explicit choice, so a flight is never left out by accident.
 */
function airportCheckbox(asked: boolean) {
  return asked ? z.optional(z.boolean()) : notAsked
}
export type PassengerDetails = z.infer<ReturnType<typeof passengerSchema>>

/** A tax number's problems (tax-number.ts) as the messages beside the field. */
export const taxNumberErrors: Record<TaxNumberProblem, string> = {
  required: 'invoiceCompany.errors.taxNumberRequired',
  format: 'invoiceCompany.errors.taxNumberLength',
  'check-digit': 'invoiceCompany.errors.taxNumberCheckDigit',
}

/** The company fields, each required only when an invoice to a company is asked for. */
const companyFields = ['invoiceToCompany', 'company', 'taxOffice', 'taxNumber']

/**
 * A check of the company invoice, run even when other fields of the form are
 * wrong (so every message shows at once), but not over a company field that
 * already has its own (too long, control characters).
 */
function companyCheck(
  holds: (details: CompanyInvoiceFields) => boolean,
  path: keyof CompanyInvoiceFields,
  error: string,
) {
  return z.refine<CompanyInvoiceFields>(
    (details) => details.invoiceToCompany !== true || holds(details),
    {
      path: [path],
      error,
      when: (payload) =>
        !payload.issues.some(
          (issue) =>
            companyFields.includes(String(issue.path?.[0])) &&
            // A field's own refusal carries its message; these checks' issues get theirs later.
            !(issue.message ?? 'invoiceCompany.').startsWith('invoiceCompany.'),
        ),
    },
  )
}

interface CompanyInvoiceFields {
  invoiceToCompany?: boolean
  company?: string
  taxOffice?: string
  taxNumber?: string
}

/**
 * The payment step: billing details, an invoice to a company if asked for,
 * how to pay, and the two agreements. "Invoice to a company" is a checkbox;
 * ticked, the company's name, tax office and tax number (a VKN, or a sole
 * trader's TCKN, its check digits verified) are required; unticked, whatever
 * those fields hold is ignored (companyInvoiceOf).
 */
export const paymentSchema = z
  .object({
    fullname: textField({ max: billingLimits.fullname, required: 'booking.errors.required' }),
    lastname: textField({ max: billingLimits.lastname, required: 'booking.errors.required' }),
    invoiceToCompany: z.optional(z.boolean()),
    company: textField({ max: billingLimits.company }),
    taxOffice: textField({ max: billingLimits.taxOffice }),
    taxNumber: textField({ max: billingLimits.taxNumber }),
    address: textField({ max: billingLimits.address, required: 'booking.errors.required' }),
    country: textField({ max: billingLimits.country, required: 'booking.errors.required' }),
    city: textField({ max: billingLimits.city, required: 'booking.errors.required' }),
    zipcode: textField({ max: billingLimits.zipcode, required: 'booking.errors.required' }),
    paymentOption: z.enum(paymentOptions, { error: 'booking.errors.paymentOption' }),
    acceptTerms: z
      .boolean({ error: 'booking.errors.acceptTerms' })
      .check(z.refine((value) => value, { error: 'booking.errors.acceptTerms' })),
  })
  .check(
    companyCheck(
      (details) => Boolean(details.company),
      'company',
      'invoiceCompany.errors.companyRequired',
    ),
    companyCheck(
      (details) => Boolean(details.taxOffice),
      'taxOffice',
      'invoiceCompany.errors.taxOfficeRequired',
    ),
    ...(['required', 'format', 'check-digit'] as const).map((problem) =>
      companyCheck(
        (details) => taxNumberProblem(details.taxNumber ?? '') !== problem,
        'taxNumber',
        taxNumberErrors[problem],
      ),
    ),
  )
export type PaymentDetails = z.infer<typeof paymentSchema>

/**
 * The invoice's company as stored on the booking: its name, tax office and
 * tax number (digits only), or all null when no company invoice was asked for.
 */
export function companyInvoiceOf(details: PaymentDetails) {
  if (details.invoiceToCompany !== true) {
    return { billing_company: null, billing_tax_office: null, billing_tax_number: null }
  }
  return {
    billing_company: details.company ?? null,
    billing_tax_office: details.taxOffice ?? null,
    billing_tax_number: compactTaxNumber(details.taxNumber ?? ''),
  }
}

/** The message of a blank name on 'Complete Reservation'. */
export const passengerNameRequired = 'booking.errors.required'

/** One first or last name of 'Complete Reservation' (the received page). */
export const passengerNameSchema = textField({
  max: passengerNameMax,
  required: passengerNameRequired,
})
