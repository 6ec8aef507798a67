import type { Kysely } from 'kysely'

/**
 * The company's minimum notice before a pickup, in minutes: a search for a
 * sooner pickup is refused with the hours it needs. Never below the two
 * hours the terms promise to every traveller (the default).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('capacity_settings')
    .addColumn('minimum_notice_minutes', 'integer', (column) => column.notNull().defaultTo(120))
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('capacity_settings').dropColumn('minimum_notice_minutes').execute()
}
