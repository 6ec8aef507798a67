import * as z from 'zod/mini'
import { fieldError, textField } from '~/forms/text-input'
import { compactTaxNumber, taxNumberProblem } from '~/domain/billing/tax-number'
import { staffPasswordMaxLength, staffPasswordMinLength } from '~/domain/staff/password'

/**
 * The forms of /ops/companies: a company account, a partner user, a partner
 * user's new password. The server is their only judge (the staff pages are
 * not hydrated). Messages are translation keys under `opsCompanies.errors`
 * (and the shared `forms.errors`).
 */
const error = (key: string) => `opsCompanies.errors.${key}`

export const companyRateKinds = ['commission', 'net'] as const
export const companyPaymentTerms = ['card', 'account'] as const

/** The highest commission, or discount below our prices, a company may have. */
export const MAX_COMPANY_RATE_PERCENT = 50

const euroPattern = /^\d{1,7}([.,]\d{1,2})?$/

/** Euros as typed ('2500', '2500.50', '2500,50') to cents. */
export function creditCents(typed: string): number {
  return Math.round(Number(typed.replace(',', '.')) * 100)
}

export const companySchema = z.object({
  name: textField({ max: 160, required: error('nameRequired') }),
  taxOffice: textField({ max: 80, required: error('taxOfficeRequired') }),
  // Stored as its digits alone; the check digits say whether it was typed right.
  taxNumber: z
    .pipe(
      textField({ max: 20, required: error('taxNumberRequired') }),
      z.transform(compactTaxNumber),
    )
    .check(
      z.superRefine((digits: string, context) => {
        const problem = taxNumberProblem(digits)
        if (problem === 'format')
          context.addIssue({ code: 'custom', message: error('taxNumberLength') })
        if (problem === 'check-digit') {
          context.addIssue({ code: 'custom', message: error('taxNumberCheckDigit') })
        }
      }),
    ),
  billingAddress: textField({ max: 500, multiline: true, required: error('addressRequired') }),
  contactEmail: z.pipe(
    textField({ max: 254, required: error('emailRequired') }),
    z.email({ error: error('emailInvalid') }),
  ),
  rateKind: z.enum(companyRateKinds, { error: error('rateKindRequired') }),
  ratePercent: z
    .number({ error: error('ratePercentRange') })
    .check(
      z.int({ error: error('ratePercentRange') }),
      z.minimum(0, { error: error('ratePercentRange') }),
      z.maximum(MAX_COMPANY_RATE_PERCENT, { error: error('ratePercentRange') }),
    ),
  paymentTerms: z.enum(companyPaymentTerms, { error: error('paymentTermsRequired') }),
  creditLimit: textField({ max: 11, required: error('creditLimitInvalid') }).check(
    z.refine((value) => euroPattern.test(value), { error: error('creditLimitInvalid') }),
  ),
  active: z.optional(z.boolean()),
})
export type CompanyForm = z.infer<typeof companySchema>

const password = z.string({ error: error('passwordRequired') }).check(
  z.refine((value) => [...value].length >= staffPasswordMinLength, {
    error: fieldError(error('passwordShort'), { min: staffPasswordMinLength }),
  }),
  z.refine((value) => [...value].length <= staffPasswordMaxLength, {
    error: fieldError('forms.errors.tooLong', { max: staffPasswordMaxLength }),
  }),
)

export const partnerUserSchema = z.object({
  name: textField({ max: 120, required: error('userNameRequired') }),
  email: z.pipe(
    textField({ max: 254, required: error('emailRequired') }),
    z.email({ error: error('emailInvalid') }),
  ),
  password,
})

export const partnerPasswordSchema = z.object({ password })

/** What the company page's per-user buttons do; each is one form with its own `intent`. */
export const partnerUserIntents = ['disableUser', 'enableUser', 'resetPassword'] as const
export type PartnerUserIntent = (typeof partnerUserIntents)[number]
