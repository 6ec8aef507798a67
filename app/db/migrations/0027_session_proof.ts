import type { Kysely } from 'kysely'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * When the holder of a traveller's session last proved who they are: the
 * password typed, or a link from the account's mailbox opened. Downloading
 * or deleting a person's data asks for a proof made minutes ago, so a
 * browser left signed in does not hand them out. Sessions begun before this
 * column have none, and are asked again.
 */
const proofColumns: NullableColumns = [['proved_at', 32]]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'traveller_sessions', proofColumns)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, 'traveller_sessions', proofColumns)
}
