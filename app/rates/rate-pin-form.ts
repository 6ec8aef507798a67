import * as z from 'zod/mini'
import { textField } from '~/forms/text-input'
import { pinnableCurrencies } from '~/domain/money/rate-pins'

/**
 * The form that pins a currency's rate on /ops/rates. The schema checks the
 * shape; the rate's band (around the source's rate) and the expiry (ahead,
 * not too far) are checked by the server against its clock and rates.
 * Messages are translation keys under `ops.rates.errors`.
 */
const error = (key: string) => `ops.rates.errors.${key}`

export const pinSchema = z.object({
  currency: z.enum(pinnableCurrencies),
  rate: textField({ max: 20, required: error('rateRequired') }),
  /** The day and time the pin ends, in Istanbul time. */
  expiresDate: textField({ max: 10, required: error('dateRequired') }),
  expiresTime: textField({ max: 5, required: error('timeRequired') }),
})
export type PinForm = z.infer<typeof pinSchema>

export const rateErrors = {
  rateInvalid: error('rateInvalid'),
  rateOutOfBand: error('rateOutOfBand'),
  dateInvalid: error('dateInvalid'),
  expiryPast: error('expiryPast'),
  expiryTooFar: error('expiryTooFar'),
} as const
