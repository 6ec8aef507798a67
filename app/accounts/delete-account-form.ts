import * as z from 'zod/mini'
import { fieldError, textField } from '~/forms/text-input'

/**
 * The "Delete my account" form: the traveller types their account's e-mail
 * to confirm (an explicit act, as a mistaken click would be undoable). Errors
 * are translation keys of the `yourData` section, shown beside the field.
 */
export const deleteAccountErrors = {
  required: 'yourData.errors.confirmRequired',
  mismatch: 'yourData.errors.confirmMismatch',
  rideToCome: 'yourData.errors.rideToCome',
} as const

export const deleteAccountFormId = 'delete-account'

/** The form's schema for an account with `accountEmail`: the e-mail typed must be it. */
export function deleteAccountSchema(accountEmail: string) {
  return z.object({
    confirmEmail: textField({ max: 254, required: deleteAccountErrors.required }).check(
      z.refine((typed) => typed.trim().toLowerCase() === accountEmail.trim().toLowerCase(), {
        error: deleteAccountErrors.mismatch,
      }),
    ),
  })
}

/** The refusal of a ride to come, with its date, time and reference for the message. */
export function rideToComeError(ride: { reference: string; date: string; time: string }): string {
  return fieldError(deleteAccountErrors.rideToCome, ride)
}
