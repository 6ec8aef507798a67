import type { Kysely } from 'kysely'

/**
 * `drivers.identity_sealed`: the driver's T.C. identity number, which the
 * passenger list filed before a trip names its crew by (docs/compliance.md),
 * sealed ('driver-identity', app/security/sealed-text.server.ts). Null until
 * dispatch enters it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('drivers').addColumn('identity_sealed', 'varchar(200)').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('drivers').dropColumn('identity_sealed').execute()
}
