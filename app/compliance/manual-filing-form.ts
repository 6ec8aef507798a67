import * as z from 'zod/mini'
import { textField } from '~/forms/text-input'

/**
 * The manifest's form (docs/compliance.md), shared by the page and its
 * action, in zod's small build as every form the browser may check.
 */

const error = (key: string) => `opsCompliance.errors.${key}`

/** The reference the U-ETDS portal gave for a list staff filed there by hand. */
export const manualFilingSchema = z.object({
  intent: z.literal('byHand'),
  uetdsReference: textField({ max: 32, required: error('referenceRequired') }).check(
    z.refine((value) => /^[A-Za-z0-9-]+$/.test(value), { error: error('referenceFormat') }),
  ),
})
