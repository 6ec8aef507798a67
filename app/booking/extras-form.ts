import { z } from 'zod'
import { extraCodes } from '~/domain/booking/extras'

/**
 * The extras step's buttons. Each extra's button posts intent 'toggle' with
 * the extra's code and the state it asks for ('chosen': 'true' adds, anything
 * else removes), so a repeated click changes nothing; 'Continue' posts intent
 * 'continue' and nothing else. Parsed, a toggle is the add or remove it asks
 * for.
 */
const extrasPostSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('toggle'),
    extra: z.enum(extraCodes),
    chosen: z
      .unknown()
      .optional()
      .transform((value) => value === 'true'),
  }),
  z.object({ intent: z.literal('continue') }),
])

export const extrasFormSchema = extrasPostSchema.transform((post) =>
  post.intent === 'continue'
    ? { intent: 'continue' as const }
    : { intent: post.chosen ? ('add' as const) : ('remove' as const), extra: post.extra },
)
export type ExtrasFormAction = z.infer<typeof extrasFormSchema>
