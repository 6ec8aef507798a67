import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { recordStaffAction } from '~/audit/audit.server'
import { findStaffAccount, findStaffAccountByEmail, StaffAccountError } from './accounts.server'
import type { StaffActor } from './accounts.server'
import { acceptedTotpStep, newTotpSecret } from './totp.server'

/**
 * The optional second factor of admins and dispatchers: a code from an
 * authenticator app after the password. A person turns it on for their own
 * account (the secret is made, shown once as a QR code, and kept only when a
 * first code proves the app has it); an admin removes it when a phone is lost.
 *
 * The secret is stored as the apps need it (base32): whoever can read the
 * database still needs the password, and the database is where the password
 * hashes and the bookings live anyway. Codes are checked by a conditional
 * update of the last step used, so one code signs in once, on any instance.
 */

/** The secret being set up for an account, made on first ask; undefined once turned on. */
export async function secondFactorSetupSecret(
  handle: DatabaseHandle,
  accountId: number,
): Promise<string | undefined> {
  const account = await findStaffAccount(handle, accountId)
  if (!account || account.totp_enabled_at) return undefined
  if (account.totp_secret) return account.totp_secret
  const secret = newTotpSecret()
  await handle.db
    .updateTable('staff_accounts')
    .set({ totp_secret: secret })
    .where('id', '=', accountId)
    .where('totp_secret', 'is', null)
    .execute()
  // Two first visits at once: both show the one secret that was kept.
  return (await findStaffAccount(handle, accountId))?.totp_secret ?? undefined
}

/** Turns the second factor on when `code` proves the app holds the secret being set up. */
export async function confirmSecondFactor(
  handle: DatabaseHandle,
  accountId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const account = await findStaffAccount(handle, accountId)
  if (!account?.totp_secret || account.totp_enabled_at) return false
  const step = acceptedTotpStep(account.totp_secret, code, now, account.totp_last_step)
  if (step === undefined) return false
  return writeTransaction(handle, async (trx) => {
    const turnedOn = await trx
      .updateTable('staff_accounts')
      .set({
        totp_enabled_at: now.toISOString(),
        totp_last_step: step,
        updated_at: now.toISOString(),
      })
      .where('id', '=', accountId)
      .where('totp_secret', '=', account.totp_secret)
      .where('totp_enabled_at', 'is', null)
      .executeTakeFirst()
    if (Number(turnedOn.numUpdatedRows) === 0) return false
    await recordStaffAction(
      trx,
      { accountId, action: 'staff.second_factor_enabled', subject: `staff:${accountId}` },
      now,
    )
    return true
  })
}

/** Whether `code` is the account's current code, used now for the first time. */
export async function checkSecondFactorCode(
  handle: DatabaseHandle,
  accountId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const account = await findStaffAccount(handle, accountId)
  if (!account?.totp_secret || !account.totp_enabled_at) return false
  const step = acceptedTotpStep(account.totp_secret, code, now, account.totp_last_step)
  if (step === undefined) return false
  const used = await handle.db
    .updateTable('staff_accounts')
    .set({ totp_last_step: step })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst()
  return Number(used.numUpdatedRows) === 1
}

/** An admin removes an account's second factor (a lost phone): the password alone signs in. */
export async function removeSecondFactor(
  handle: DatabaseHandle,
  email: string,
  now: Date,
  actor: StaffActor,
): Promise<void> {
  const account = await findStaffAccountByEmail(handle, email)
  if (!account) throw new StaffAccountError('not-found')
  if (!account.totp_secret && !account.totp_enabled_at) return
  await writeTransaction(handle, async (trx) => {
    await trx
      .updateTable('staff_accounts')
      .set({
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', account.id)
      .execute()
    if (actor) {
      await recordStaffAction(
        trx,
        {
          accountId: actor.accountId,
          action: 'staff.second_factor_removed',
          subject: `staff:${account.id}`,
        },
        now,
      )
    }
  })
}
