import type { InterpolationOptions } from 'i18next'
import { ruleNumbers } from '~/domain/booking/rule-numbers'

/**
 * How every i18next instance of the site fills `{{…}}` (pages, e-mails, the
 * browser). Values are never escaped: React escapes what it renders, and the
 * e-mails escape their own HTML. The booking rules' numbers are default
 * variables, so a string states `{{changeWindowHours}}` and never the number
 * itself, and no call has to pass it.
 */
export const interpolation = {
  escapeValue: false,
  // The object itself, not a copy: its deposit figures are read at each call.
  defaultVariables: ruleNumbers,
} satisfies InterpolationOptions
