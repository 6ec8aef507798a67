import { z } from 'zod'
import { compactTaxNumber, taxNumberProblem } from '~/domain/billing/tax-number'

/**
 * The forms of the company's obligations (docs/compliance.md), shared by the
 * pages that show them and the actions that read them.
 */

/** The reference the U-ETDS portal gave for a list staff filed there by hand. */
export const manualFilingSchema = z.object({
  intent: z.literal('byHand'),
  uetdsReference: z
    .string({ error: 'opsCompliance.errors.referenceRequired' })
    .trim()
    .min(1, 'opsCompliance.errors.referenceRequired')
    .max(32, 'opsCompliance.errors.referenceTooLong')
    .regex(/^[A-Za-z0-9-]+$/, 'opsCompliance.errors.referenceFormat'),
})

/** The company's details an admin keeps: its D2 licence number, tax office and VKN. */
export const companySettingsSchema = z.object({
  intent: z.literal('company'),
  licenceNumber: z
    .string()
    .trim()
    .max(40, 'opsCompliance.company.errors.licenceTooLong')
    .default(''),
  taxOffice: z.string().trim().max(80, 'opsCompliance.company.errors.taxOfficeTooLong').default(''),
  taxNumber: z
    .string()
    .trim()
    .default('')
    .transform(compactTaxNumber)
    .refine(
      (value) => value === '' || taxNumberProblem(value, ['vkn']) === undefined,
      'opsCompliance.company.errors.taxNumber',
    ),
})
