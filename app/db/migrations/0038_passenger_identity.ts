import type { Kysely } from 'kysely'

/**
 * Who each passenger is, as the passenger list filed before a trip names
 * them (docs/compliance.md): `nationality` (ISO 3166-1 alpha-2), and
 * `identity_sealed`, the T.C. identity number of a Turkish citizen or the
 * passport number of anyone else, sealed (app/security/sealed-text.server.ts),
 * never stored readable. Both null until the traveller gives them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('booking_passengers').addColumn('nationality', 'varchar(2)').execute()
  await db.schema
    .alterTable('booking_passengers')
    .addColumn('identity_sealed', 'varchar(200)')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('booking_passengers').dropColumn('identity_sealed').execute()
  await db.schema.alterTable('booking_passengers').dropColumn('nationality').execute()
}
