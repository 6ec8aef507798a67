import * as z from 'zod/mini'
import { textField } from '~/forms/text-input'
import { compactTaxNumber, taxNumberProblem } from '~/domain/billing/tax-number'

/**
 * The company's details form on /ops/compliance (docs/compliance.md), shared
 * by the page and its action, in zod's small build as every form the browser
 * may check.
 */

/** The company's details an admin keeps: its D2 licence number, tax office and VKN. */
export const companySettingsSchema = z.object({
  intent: z.literal('company'),
  licenceNumber: textField({ max: 40 }),
  taxOffice: textField({ max: 80 }),
  taxNumber: textField({ max: 20 }).check(
    z.refine((value) => !value || taxNumberProblem(value, ['vkn']) === undefined, {
      error: 'opsCompliance.company.errors.taxNumber',
    }),
  ),
})

/** The details as stored: empty where not given, the tax number's digits alone. */
export function companySettingsValues(value: z.infer<typeof companySettingsSchema>) {
  return {
    licenceNumber: value.licenceNumber ?? '',
    taxOffice: value.taxOffice ?? '',
    taxNumber: value.taxNumber ? compactTaxNumber(value.taxNumber) : '',
  }
}
