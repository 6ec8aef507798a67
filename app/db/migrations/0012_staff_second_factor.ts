import type { Kysely } from 'kysely'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * The optional second factor of a staff account: a TOTP secret (base32, as
 * authenticator apps take it), when it was turned on (null while the person
 * is still setting it up), and the last time step a code was accepted for, so
 * a code seen over someone's shoulder cannot be used a second time.
 */
const secondFactorColumns: NullableColumns = [
  ['totp_secret', 64],
  ['totp_enabled_at', 32],
  ['totp_last_step', 'integer'],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'staff_accounts', secondFactorColumns)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, 'staff_accounts', secondFactorColumns)
}
