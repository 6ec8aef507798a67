import { sql } from 'kysely'
import type { Executor } from '~/db/executor'
import type { ProvedAddress } from './account-proof'

/**
 * The bookings made with an account's proved address: a booking keeps the
 * e-mail as typed, the account holds it lower-cased, so they are compared
 * lower-cased and trimmed (as the promo codes' per-e-mail limits count them).
 * Only a proved address reads them (account-proof.ts).
 */
export function bookingsWithEmail(executor: Executor, address: ProvedAddress) {
  return executor
    .selectFrom('bookings')
    .selectAll()
    .where(sql<string>`lower(trim(email))`, '=', address)
    .orderBy('created_at')
    .orderBy('reference')
}

/** The account, or undefined when it is gone. */
export function travellerAccount(executor: Executor, accountId: number) {
  return executor
    .selectFrom('traveller_accounts')
    .selectAll()
    .where('id', '=', accountId)
    .executeTakeFirst()
}

/** The same comparison for another table's e-mail column (the contact form's messages). */
export function sameEmail(address: ProvedAddress) {
  return [sql<string>`lower(trim(email))`, '=', address] as const
}
