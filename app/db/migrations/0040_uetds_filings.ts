import { sql, type Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * The Ministry's passenger lists (docs/compliance.md):
 * - `uetds_filings`: one row per ride the filing job has touched: the
 *   service's references for its trip and group, a hash of each part the
 *   service accepted (never the parts, which hold identity numbers), the crew's
 *   numbers sealed (cancelling a crew member names them), the passengers'
 *   tickets, the printable document, the last answer, the retry clock and a
 *   claim so two instances never file one ride at once; or, without the
 *   service, the reference staff typed after filing by hand;
 * - `uetds_answers`: every answer the service gave, for dispatch to read;
 * - `company_settings`: what an admin sets for the company's obligations
 *   (its licence number, its details as the services want them);
 * - `drivers.document_sex`: the sex on the driver's identity card, which the
 *   crew list asks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uetds_filings')
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.primaryKey().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('trip_reference', 'varchar(32)')
    .addColumn('group_reference', 'varchar(32)')
    .addColumn('trip_hash', 'varchar(64)')
    .addColumn('group_hash', 'varchar(64)')
    .addColumn('crew_hash', 'varchar(64)')
    .addColumn('passengers_hash', 'varchar(64)')
    .addColumn('crew_sealed', 'varchar(400)')
    .addColumn('tickets', 'varchar(1000)')
    .addColumn('document_pdf', 'text')
    .addColumn('document_at', 'varchar(32)')
    .addColumn('filed_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .addColumn('manual_reference', 'varchar(32)')
    .addColumn('manual_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('manual_at', 'varchar(32)')
    .addColumn('failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_try_at', 'varchar(32)')
    .addColumn('claimed_until', 'varchar(32)')
    .addColumn('last_outcome', 'varchar(16)')
    .addColumn('last_operation', 'varchar(40)')
    .addColumn('last_code', 'integer')
    .addColumn('last_message', 'varchar(400)')
    .addColumn('last_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createTable('uetds_answers')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('operation', 'varchar(40)', (column) => column.notNull())
    .addColumn('outcome', 'varchar(16)', (column) => column.notNull())
    .addColumn('code', 'integer')
    .addColumn('message', 'varchar(400)', (column) => column.notNull())
    .addColumn('reference', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('uetds_answers_booking')
    .on('uetds_answers')
    .columns(['booking_id', 'id'])
    .execute()
  await db.schema
    .createTable('company_settings')
    .addColumn('name', 'varchar(40)', (column) => column.primaryKey())
    .addColumn('value', 'varchar(400)', (column) => column.notNull())
    .addColumn('updated_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull().defaultTo(sql`''`))
    .execute()
  await db.schema.alterTable('drivers').addColumn('document_sex', 'varchar(8)').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('drivers').dropColumn('document_sex').execute()
  await db.schema.dropTable('company_settings').execute()
  await db.schema.dropTable('uetds_answers').execute()
  await db.schema.dropTable('uetds_filings').execute()
}
