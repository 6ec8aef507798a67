import type { Kysely, Transaction } from 'kysely'
import type { Database } from '~/db/schema'
import { lockedRead } from '~/db/write.server'

/**
 * Takes the capacity lock for the rest of the transaction: every Book Now,
 * account charge and partner booking checks one after the other, on every
 * instance (a row lock on PostgreSQL; SQLite writes one transaction at a
 * time), and a change of what may be sold waits for a check under way.
 */
export async function lockCapacity(trx: Kysely<Database> | Transaction<Database>) {
  await lockedRead(
    trx,
    trx.selectFrom('capacity_settings').select('id').where('id', '=', 1),
  ).executeTakeFirst()
}
