import type { DatabaseHandle } from '~/db/connect.server'
import { formatPhone } from '~/domain/phone'
import type { UpdatesChannel } from '~/domain/messages/updates-channel'
import { logger } from '~/utils/logger.server'
import type { SavedDetails } from './account-forms'
import { mergeTravellerDetails, savedDetailsOf } from './traveller-accounts.server'
import { readProvedTraveller } from './signed-in.server'

/**
 * The booking steps and a signed-in traveller's saved details. A step shows
 * what this booking holds first; only a field the booking has no value for
 * is filled from the account, so nothing typed for this booking is replaced.
 * Signed out, or signed in to an account whose address is not proved yet,
 * nothing changes: a guest books as before.
 */

export interface AccountPrefill {
  signedIn: boolean
  /** The saved details, the passenger's e-mail falling back to the account's own. */
  saved: SavedDetails
}

export async function accountPrefill(request: Request): Promise<AccountPrefill> {
  const signedIn = await readProvedTraveller(request)
  if (!signedIn) return { signedIn: false, saved: {} }
  const saved = savedDetailsOf(signedIn.account)
  return { signedIn: true, saved: { ...saved, email: saved.email || signedIn.account.email } }
}

/** The passenger step's box "Save these details to my account". */
export const saveToAccountField = 'saveToAccount'

/**
 * The passenger step's details saved to the signed-in traveller's account
 * when they ticked the box; a failure here never stops the booking.
 */
export async function savePassengerToAccount(
  handle: DatabaseHandle,
  request: Request,
  formData: FormData,
  details: {
    name: string
    lastName: string
    email: string
    phone: string
    updates: UpdatesChannel
  },
  now: Date,
): Promise<void> {
  if (formData.get(saveToAccountField) !== 'on') return
  const signedIn = await readProvedTraveller(request)
  if (!signedIn) return
  try {
    await mergeTravellerDetails(
      handle,
      signedIn.account.id,
      {
        name: details.name,
        lastName: details.lastName,
        email: details.email,
        phone: formatPhone(details.phone),
        updates: details.updates,
      },
      now,
    )
  } catch (error) {
    logger.warn('traveller.details_not_saved', { error: String(error) })
  }
}
