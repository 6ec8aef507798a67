import * as z from 'zod/mini'
import { textField } from '~/forms/text-input'
import type { Currency } from '~/domain/money/currency'
import { readTipAmount, tipScale } from '~/domain/tips/tip-rules'

/**
 * The review page's tip form (docs/reviews.md): one of three amounts in the
 * booking's currency, or another typed within the currency's bounds. The
 * server reads the amount from the choice, never a price sent by the page.
 * Errors are translation keys in `traveller.tip.errors`.
 */

const error = (key: string) => `traveller.tip.errors.${key}`

export function tipFormSchema(currency: Currency) {
  const { choices } = tipScale(currency)
  return z
    .object({
      intent: z.literal('tip'),
      tipChoice: z.enum(['other', ...choices.map(String)], {
        error: error('choose'),
      }),
      tipOther: textField({ max: 12 }),
    })
    .check(
      z.superRefine((form, context) => {
        if (form.tipChoice !== 'other') return
        const typed = readTipAmount(form.tipOther ?? '', currency)
        if (!typed.ok) {
          context.issues.push({
            code: 'custom',
            path: ['tipOther'],
            message: error(form.tipOther ? typed.reason : 'otherMissing'),
            input: form.tipOther,
          })
        }
      }),
    )
}

export type TipForm = z.infer<ReturnType<typeof tipFormSchema>>

/** The amount a valid form chose, in minor units. */
export function tipAmountOf(form: TipForm, currency: Currency): number {
  if (form.tipChoice !== 'other') return Number(form.tipChoice)
  const typed = readTipAmount(form.tipOther ?? '', currency)
  if (!typed.ok) throw new Error('tipAmountOf: the form was not checked')
  return typed.minor
}
