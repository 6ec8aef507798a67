import * as z from 'zod/mini'
import { textField } from '~/forms/text-input'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import {
  normalisePromoCode,
  promoCodePattern,
  promoKinds,
  promoRideKinds,
} from '~/domain/pricing/promo'

/**
 * The promo code form of /ops/promo-codes, shared by the server (the source
 * of truth) and conform. Messages are keys under `ops.promo.errors`. Amounts
 * are typed in euros ('10' or '10.50') and stored in cents; dates are
 * Istanbul calendar days, both inclusive.
 */
const error = (key: string) => `ops.promo.errors.${key}`

const euroPattern = /^\d{1,5}([.,]\d{1,2})?$/
const datePattern = /^\d{4}-\d{2}-\d{2}$/

/** Euros as typed, to cents; undefined when blank. */
export function euroCents(typed: string | undefined): number | undefined {
  if (!typed) return undefined
  return Math.round(Number(typed.replace(',', '.')) * 100)
}

const euros = (key: string) =>
  textField({ max: 9 }).check(
    z.refine((value) => !value || euroPattern.test(value), { error: error(key) }),
  )

const wholeNumber = (min: number, max: number, key: string) =>
  z.optional(
    z
      .number({ error: error(key) })
      .check(
        z.int({ error: error(key) }),
        z.minimum(min, { error: error(key) }),
        z.maximum(max, { error: error(key) }),
      ),
  )

const date = textField({ max: 10 }).check(
  z.refine((value) => !value || datePattern.test(value), { error: error('date') }),
)

/** A checkbox group: none ticked is none sent; one ticked is one value. */
const choices = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.optional(z.array(z.enum(values)))

export const promoCodeSchema = z
  .object({
    code: textField({ max: 40, required: error('codeRequired') }).check(
      z.refine((value) => promoCodePattern.test(normalisePromoCode(value)), {
        error: error('codeInvalid'),
      }),
    ),
    kind: z.enum(promoKinds, { error: error('kindRequired') }),
    percent: wholeNumber(1, 100, 'percentRange'),
    amount: euros('amountInvalid'),
    validFrom: date,
    validUntil: date,
    maxUses: wholeNumber(1, 1_000_000, 'maxUsesRange'),
    maxUsesPerEmail: wholeNumber(1, 1_000, 'maxUsesRange'),
    vehicleClasses: choices(vehicleClassCodes),
    rideKinds: choices(promoRideKinds),
    minAmount: euros('minAmountInvalid'),
    firstRideOnly: z.optional(z.boolean()),
    active: z.optional(z.boolean()),
  })
  .check(
    z.refine((form) => form.kind !== 'percent' || form.percent !== undefined, {
      path: ['percent'],
      error: error('percentRange'),
    }),
    z.refine((form) => form.kind !== 'fixed' || (euroCents(form.amount) ?? 0) > 0, {
      path: ['amount'],
      error: error('amountRequired'),
    }),
    z.refine((form) => !form.validFrom || !form.validUntil || form.validFrom <= form.validUntil, {
      path: ['validUntil'],
      error: error('untilBeforeFrom'),
    }),
  )
export type PromoCodeForm = z.infer<typeof promoCodeSchema>
