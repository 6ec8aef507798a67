import type { Kysely } from 'kysely'

/**
 * `capacity_settings.drivers_limited` (docs/capacity.md, "Other limits"): 1
 * when the drivers on duty (their working hours and time off) limit sales
 * besides the cars. Off by default, as the fleet limit is: a company that
 * has entered no drivers sells as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('capacity_settings')
    .addColumn('drivers_limited', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('capacity_settings').dropColumn('drivers_limited').execute()
}
