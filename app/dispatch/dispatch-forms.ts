import * as z from 'zod/mini'
import { fieldError, textField } from '~/forms/text-input'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import { normalisePlate } from '~/domain/dispatch/rules'
import { identityNumberProblem } from '~/domain/identity/travel-identity'

/**
 * The dispatch forms (driver, vehicle, assignment), shared by the server (the
 * source of truth) and the browser (conform runs the same schemas). Messages
 * are translation keys under `ops.dispatch.errors`. Lengths are the widths of
 * the columns in migration 0010.
 */
const error = (key: string) => `ops.dispatch.errors.${key}`

/** How a driver may hear of an offer (the channel column's values). */
export const offerChannels = ['sms', 'whatsapp', 'email'] as const

/** How a driver may be paid (docs/settlements.md): by the ride, by the hour, or a share. */
export const payRules = ['per_ride', 'per_hour', 'share'] as const

/** The most a driver's pay by the ride or by the hour may be, in whole lira (as an offer's). */
export const MAX_RULE_PAY = 100_000

const payError = (key: string) => `ops.settlements.errors.${key}`

/** Digits with the usual separators, and a leading + for an international number. */
const phonePattern = /^\+?[\d\s().-]{5,}$/

export const driverSchema = z
  .object({
    name: textField({ max: 100, required: error('nameRequired') }),
    phone: textField({ max: 40, required: error('phoneRequired') }).check(
      z.refine((value) => phonePattern.test(value), { error: error('phoneInvalid') }),
    ),
    languages: textField({ max: 100, required: error('languagesRequired') }),
    licenceNumber: textField({ max: 40, required: error('licenceRequired') }),
    /**
     * Their T.C. identity number, which the passenger list names the crew by.
     * Empty: none yet, or on the edit form the one entered before, kept (it is
     * never shown back whole).
     */
    identityNumber: textField({ max: 20 }).check(
      z.refine((value) => value === undefined || identityNumberProblem(value) === undefined, {
        error: error('identityNumberInvalid'),
      }),
    ),
    /** The sex on their identity card, which the crew list asks; empty: not entered. */
    documentSex: z.optional(z.enum(['female', 'male'], { error: error('documentSexInvalid') })),
    /** The staff account of role driver linked to this driver; empty: none. */
    staffAccountId: z.optional(z.number().check(z.int(), z.positive())),
    /** How they hear of a job offered to them. */
    offerChannel: z.enum(offerChannels, { error: error('offerChannelRequired') }),
    /** The car they usually drive, which an accepted offer assigns; empty: none. */
    usualVehicleId: z.optional(z.number().check(z.int(), z.positive())),
    active: z.optional(z.boolean()),
    /** How they are paid; empty: not set (the settlement then says their pay is not set). */
    payRule: z.optional(z.enum(payRules, { error: payError('payRuleInvalid') })),
    /** Whole lira per ride or per hour, or a share's percent of each ride's price. */
    payAmount: z.optional(
      z
        .number({ error: payError('payAmountNumber') })
        .check(z.int({ error: payError('payAmountNumber') })),
    ),
  })
  .check(
    z.superRefine((value, context) => {
      const issue = (message: string) =>
        context.addIssue({ code: 'custom', message, path: ['payAmount'], input: value.payAmount })
      if (value.payRule === undefined) {
        if (value.payAmount !== undefined) issue(payError('payRuleMissing'))
        return
      }
      if (value.payAmount === undefined) {
        issue(payError('payAmountRequired'))
      } else if (value.payRule === 'share') {
        if (value.payAmount < 1 || value.payAmount > 100) issue(payError('shareRange'))
      } else if (value.payAmount < 1 || value.payAmount > MAX_RULE_PAY) {
        issue(fieldError(payError('payRange'), { max: MAX_RULE_PAY }))
      }
    }),
  )
export type DriverForm = z.infer<typeof driverSchema>

const wholeNumber = (min: number, max: number, key: string) =>
  z
    .number({ error: error(key) })
    .check(
      z.int({ error: error(key) }),
      z.minimum(min, { error: error(key) }),
      z.maximum(max, { error: error(key) }),
    )

export const vehicleSchema = z.object({
  classCode: z.enum(vehicleClassCodes, { error: error('classRequired') }),
  makeModel: textField({ max: 80, required: error('makeModelRequired') }),
  plate: textField({ max: 20, required: error('plateRequired') }).check(
    z.refine((value) => /^[A-Z0-9]{2,12}$/.test(normalisePlate(value)), {
      error: error('plateInvalid'),
    }),
  ),
  colour: textField({ max: 40 }),
  seats: wholeNumber(1, 60, 'seatsRange'),
  luggage: wholeNumber(0, 60, 'luggageRange'),
  active: z.optional(z.boolean()),
})
export type VehicleForm = z.infer<typeof vehicleSchema>

export const assignSchema = z.object({
  driverId: z.number({ error: error('driverRequired') }).check(z.int()),
  vehicleId: z.number({ error: error('vehicleRequired') }).check(z.int()),
  /** The assignment version the form was built from. */
  version: z.number().check(z.int(), z.minimum(0)),
  /** Sent by "Assign anyway": the fingerprint of the warnings accepted. */
  acknowledged: z.optional(z.string().check(z.maxLength(2000))),
})
export type AssignForm = z.infer<typeof assignSchema>
