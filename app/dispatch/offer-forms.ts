import * as z from 'zod/mini'
import { fieldError } from '~/forms/text-input'
import { OFFER_MINUTES_MAX, OFFER_MINUTES_MIN } from '~/domain/dispatch/offers'

/**
 * The forms of offering jobs to drivers (docs/dispatch.md, "Offering a job"):
 * a dispatcher's offer of one ride, and the company's offer settings.
 * Messages are translation keys under `ops.offers.errors`.
 */
const error = (key: string) => `ops.offers.errors.${key}`

/** The most a dispatcher may say a driver is paid for one ride, in whole lira. */
export const MAX_OFFER_PAY = 100_000

export const offerSchema = z.object({
  /** The drivers ticked: at least one. */
  driverIds: z
    .array(z.string().check(z.regex(/^\d{1,9}$/, { error: error('driversRequired') })), {
      error: error('driversRequired'),
    })
    .check(z.minLength(1, { error: error('driversRequired') })),
  /** What the driver is paid, in whole lira; empty: as agreed. */
  pay: z.optional(
    z
      .number({ error: fieldError(error('payRange'), { max: MAX_OFFER_PAY }) })
      .check(
        z.int({ error: fieldError(error('payRange'), { max: MAX_OFFER_PAY }) }),
        z.minimum(0, { error: fieldError(error('payRange'), { max: MAX_OFFER_PAY }) }),
        z.maximum(MAX_OFFER_PAY, { error: fieldError(error('payRange'), { max: MAX_OFFER_PAY }) }),
      ),
  ),
})
export type OfferForm = z.infer<typeof offerSchema>

const minutesError = fieldError(error('minutesRange'), {
  min: OFFER_MINUTES_MIN,
  max: OFFER_MINUTES_MAX,
})

export const dispatchSettingsSchema = z.object({
  offerMinutes: z
    .number({ error: minutesError })
    .check(
      z.int({ error: minutesError }),
      z.minimum(OFFER_MINUTES_MIN, { error: minutesError }),
      z.maximum(OFFER_MINUTES_MAX, { error: minutesError }),
    ),
  autoOffer: z.optional(z.boolean()),
})
export type DispatchSettingsForm = z.infer<typeof dispatchSettingsSchema>
