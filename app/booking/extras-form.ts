import { z } from 'zod'
import { extraCodes } from '~/domain/booking/extras'

/**
 * The extras step's buttons. Each button of an extra posts intent 'set' with
 * the extra's code and the quantity it asks for (Add posts 1, the + and −
 * buttons the count after the change), so a repeated click changes nothing;
 * 'Continue' posts intent 'continue' and nothing else. The quantity is a
 * whole number here; how many the booking may take is the use case's rule.
 */
export const extrasFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('set'),
    extra: z.enum(extraCodes),
    quantity: z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number),
  }),
  z.object({ intent: z.literal('continue') }),
])
export type ExtrasFormAction = z.infer<typeof extrasFormSchema>
