import type { Kysely } from 'kysely'

/**
 * `e_invoices`: a paid ride's electronic invoice as issued through Paraşüt
 * (docs/invoicing.md), one row per booking: the ids of each step as Paraşüt
 * gave them (contact, sales invoice, the job making its e-Fatura or e-Arşiv,
 * the document), the official PDF, a cancellation, the last answer, the retry
 * clock and a claim so two instances never issue one twice.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('e_invoices')
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.primaryKey().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('contact_id', 'varchar(32)')
    .addColumn('invoice_id', 'varchar(32)')
    .addColumn('kind', 'varchar(16)')
    .addColumn('job_id', 'varchar(64)')
    .addColumn('job_started_at', 'varchar(32)')
    .addColumn('document_id', 'varchar(32)')
    .addColumn('pdf', 'text')
    .addColumn('issued_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .addColumn('cancel_refused', 'varchar(400)')
    .addColumn('failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_try_at', 'varchar(32)')
    .addColumn('claimed_until', 'varchar(32)')
    .addColumn('last_outcome', 'varchar(16)')
    .addColumn('last_step', 'varchar(32)')
    .addColumn('last_message', 'varchar(400)')
    .addColumn('last_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('e_invoices').execute()
}
