import { z } from 'zod'
import { normalizeReference, referencePattern } from '~/domain/booking/reference'
import { textField } from '~/forms/text-input'

/**
 * The find-my-booking form, shared by the server (the source of truth) and the
 * browser: a reference as typed ('mc 7k4q9p' is MC-7K4Q9P) and an e-mail
 * address. Messages are translation keys.
 */
export const findBookingSchema = z.object({
  reference: textField({ max: 20, required: 'traveller.find.errors.referenceRequired' })
    .transform((value) => normalizeReference(value ?? ''))
    .refine((value) => referencePattern.test(value), {
      error: 'traveller.find.errors.referenceFormat',
    }),
  email: textField({ max: 254, required: 'traveller.find.errors.emailRequired' }).pipe(
    z.email({ error: 'traveller.find.errors.emailInvalid' }),
  ),
})

export type FindBookingForm = z.infer<typeof findBookingSchema>
