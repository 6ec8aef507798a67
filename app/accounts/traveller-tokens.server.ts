import type { Executor } from '~/db/executor'
import type { TravellerTokenPurpose } from '~/db/schema'
import { newSecretToken, secretTokenKey, secretTokenPattern } from '~/utils/secret-token.server'

/**
 * The links e-mailed to a traveller: prove the address, sign in, set a new
 * password. Each carries 256 random bits; the table keeps only their SHA-256,
 * the purpose and the expiry. A link works once, for its own purpose, before
 * it expires: a sign-in link cannot set a password.
 */
export const TOKEN_LIFETIME_MINUTES: Record<TravellerTokenPurpose, number> = {
  verify: 48 * 60,
  'sign-in': 20,
  reset: 60,
}

export async function issueTravellerToken(
  executor: Executor,
  accountId: number,
  purpose: TravellerTokenPurpose,
  now: Date,
): Promise<string> {
  const token = newSecretToken()
  await executor
    .insertInto('traveller_tokens')
    .values({
      id: secretTokenKey(token),
      account_id: accountId,
      purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000).toISOString(),
      used_at: null,
    })
    .execute()
  return token
}

/** What an unused, unexpired token is for, without using it (the page a link opens). */
export async function peekTravellerToken(
  executor: Executor,
  token: string | null | undefined,
  now: Date,
): Promise<{ purpose: TravellerTokenPurpose; accountId: number } | undefined> {
  if (!token || !secretTokenPattern.test(token)) return undefined
  const row = await executor
    .selectFrom('traveller_tokens')
    .select(['purpose', 'account_id'])
    .where('id', '=', secretTokenKey(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return row ? { purpose: row.purpose, accountId: row.account_id } : undefined
}

/**
 * Uses a token for `purpose`: the account it was made for, or undefined
 * (unknown, used, expired, or made for another purpose). One update marks it
 * used only if it was not, so two requests racing with one link cannot both
 * have it.
 */
export async function useTravellerToken(
  executor: Executor,
  token: string | null | undefined,
  purpose: TravellerTokenPurpose,
  now: Date,
): Promise<number | undefined> {
  if (!token || !secretTokenPattern.test(token)) return undefined
  const row = await executor
    .updateTable('traveller_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', secretTokenKey(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('account_id')
    .executeTakeFirst()
  return row?.account_id
}

/** The other links of an account for `purpose` stop working (a new password was set). */
export async function retireTravellerTokens(
  executor: Executor,
  accountId: number,
  purposes: TravellerTokenPurpose[],
  now: Date,
): Promise<void> {
  await executor
    .updateTable('traveller_tokens')
    .set({ used_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute()
}
