import * as z from 'zod/mini'
import { textField } from '~/forms/text-input'
import { STARS } from '~/domain/reviews/review-rules'

/**
 * The review form (docs/reviews.md): three scores of one to five stars, an
 * optional comment and the traveller's consent to publish. Errors are
 * translation keys in `traveller.review.errors`.
 */

export const REVIEW_COMMENT_MAX = 1000

const error = (key: string) => `traveller.review.errors.${key}`

const stars = z.pipe(
  z.string({ error: error('starsMissing') }),
  z.transform((value: string, context) => {
    const count = Number(value)
    if (!STARS.includes(count as (typeof STARS)[number])) {
      context.issues.push({ code: 'custom', message: error('starsMissing'), input: value })
      return z.NEVER
    }
    return count
  }),
)

export const reviewFormSchema = z.object({
  driver: stars,
  car: stars,
  punctuality: stars,
  comment: textField({ max: REVIEW_COMMENT_MAX, multiline: true }),
  publish: z.optional(z.literal('yes')),
})

export type ReviewForm = z.infer<typeof reviewFormSchema>
