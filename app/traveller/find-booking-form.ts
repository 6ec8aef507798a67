import * as z from 'zod/mini'
import { normalizeReference, referencePattern } from '~/domain/booking/reference'
import { textField } from '~/forms/text-input'

/**
 * The find-my-booking form, shared by the server (the source of truth) and the
 * browser: a reference as typed ('mc 7k4q9p' is MC-7K4Q9P) and an e-mail
 * address. Messages are translation keys.
 */
export const findBookingSchema = z.object({
  reference: z
    .pipe(
      textField({ max: 20, required: 'traveller.find.errors.referenceRequired' }),
      z.transform((value) => normalizeReference(value ?? '')),
    )
    .check(
      z.refine((value) => referencePattern.test(value), {
        error: 'traveller.find.errors.referenceFormat',
      }),
    ),
  email: z.pipe(
    textField({ max: 254, required: 'traveller.find.errors.emailRequired' }),
    z.email({ error: 'traveller.find.errors.emailInvalid' }),
  ),
})

export type FindBookingForm = z.infer<typeof findBookingSchema>
