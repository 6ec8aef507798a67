import { parseWithZod } from '@conform-to/zod/v4'
import type { DatabaseHandle } from '~/db/connect.server'
import type { Language } from '~/i18n/config'
import { formatDate } from '~/utils/format'
import { deleteTravellerAccount } from './delete-account.server'
import { deleteAccountSchema, rideToComeError } from './delete-account-form'

/**
 * The "Delete my account" POST for the signed-in account: the confirmation
 * checked, then the deletion. Refused, it answers what the form shows again:
 * the e-mail as typed and the errors by field (a ride to come is an error of
 * the confirmation field, the one the traveller acted with). The caller
 * signs the browser out and leaves the account pages once it is deleted.
 */
export type DeleteAccountAnswer =
  | { kind: 'deleted'; erasedBookings: number }
  | { kind: 'refused'; typed: string; errors: Record<string, string[]> }
  | { kind: 'not-found' }

export async function deleteAccountAction(
  handle: DatabaseHandle,
  account: { id: number; email: string },
  formData: FormData,
  language: Language,
  now: Date,
): Promise<DeleteAccountAnswer> {
  const typed = String(formData.get('confirmEmail') ?? '').slice(0, 1000)
  const submission = parseWithZod(formData, { schema: deleteAccountSchema(account.email) })
  if (submission.status !== 'success') {
    return { kind: 'refused', typed, errors: nonEmpty(submission.error ?? {}) }
  }
  const result = await deleteTravellerAccount(handle, account.id, now)
  if (result.kind === 'ride-to-come') {
    return {
      kind: 'refused',
      typed,
      errors: {
        confirmEmail: [rideToComeError({ ...result, date: formatDate(result.date, language) })],
      },
    }
  }
  return result
}

function nonEmpty(errors: Record<string, string[] | null | undefined>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string[]] =>
      Boolean(entry[1]?.length),
    ),
  )
}
