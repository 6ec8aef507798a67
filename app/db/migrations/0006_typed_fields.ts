import type { Kysely } from 'kysely'

/**
 * What a traveller had typed on a booking step but not yet saved, kept when
 * they switch language on that step (docs/language-switch.md): one JSON text
 * per booking, `{ "step": ..., "values": { field: text } }`, never validated.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('typed_fields', 'text').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('typed_fields').execute()
}
