import { sql, type Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * Refunds. `payment_refunds` holds every refund we ask a provider for: it is
 * claimed ('requested') under the booking's lock before the provider is
 * called, then settled ('succeeded' with the provider's reference, or
 * 'failed' with its code). A partial unique index keeps one payment attempt
 * to at most one refund that is under way or done, so two staff members (or
 * staff and the job) can never give the same money back twice.
 *
 * `simulator_refunds` is the built-in simulator's own ledger: what it has
 * given back of each of its payments, so it can refuse a refund beyond what
 * was paid, and show testers the refunds on its page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('attempt_id', 'integer', (column) =>
      column.notNull().references('payment_attempts.id').onDelete('cascade'),
    )
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('amount_minor', 'integer', (column) => column.notNull())
    .addColumn('currency', 'varchar(3)', (column) => column.notNull())
    // requested → succeeded | failed
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('provider_refund_id', 'varchar(64)')
    .addColumn('error_code', 'varchar(32)')
    .addColumn('error_message', 'varchar(200)')
    // The member of staff who asked; null when the maintenance job did.
    .addColumn('requested_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('payment_refunds_booking')
    .on('payment_refunds')
    .column('booking_id')
    .execute()
  await sql`
    create unique index payment_refunds_one_live
    on payment_refunds (attempt_id)
    where status in ('requested', 'succeeded')`.execute(db)

  await db.schema
    .createTable('simulator_refunds')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('refund_id', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('payment_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('amount_minor', 'integer', (column) => column.notNull())
    .addColumn('currency', 'varchar(3)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('simulator_refunds_payment')
    .on('simulator_refunds')
    .column('payment_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('simulator_refunds').execute()
  await db.schema.dropTable('payment_refunds').execute()
}
