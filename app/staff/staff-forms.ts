import * as z from 'zod/mini'
import { fieldError, textField } from '~/forms/text-input'
import { staffPasswordMaxLength, staffPasswordMinLength } from '~/domain/staff/password'
import { staffRoles } from '~/domain/staff/roles'

/**
 * The staff console's forms (an admin adds an account, sets a new password),
 * shared by the server and the browser. Messages are translation keys under
 * `ops.staff.errors` (and the shared `forms.errors`).
 */

const password = z.string({ error: 'ops.staff.errors.passwordRequired' }).check(
  z.refine((value) => [...value].length >= staffPasswordMinLength, {
    error: fieldError('ops.staff.errors.passwordShort', { min: staffPasswordMinLength }),
  }),
  z.refine((value) => [...value].length <= staffPasswordMaxLength, {
    error: fieldError('forms.errors.tooLong', { max: staffPasswordMaxLength }),
  }),
)

export const addStaffSchema = z.object({
  name: textField({ max: 120, required: 'ops.staff.errors.nameRequired' }),
  email: z.pipe(
    textField({ max: 254, required: 'ops.staff.errors.emailRequired' }),
    z.email({ error: 'ops.staff.errors.emailInvalid' }),
  ),
  role: z.enum(staffRoles, { error: 'ops.staff.errors.roleRequired' }),
  password,
})

export const newPasswordSchema = z.object({ password })

/** What the account page's buttons do; each is one form with its own `intent`. */
export const staffAccountIntents = [
  'disable',
  'enable',
  'endSessions',
  'resetPassword',
  'removeSecondFactor',
] as const
export type StaffAccountIntent = (typeof staffAccountIntents)[number]
