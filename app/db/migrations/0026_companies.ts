import { sql, type Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * Businesses that book for their guests (hotels, agencies):
 * - `companies`: the buyer's tax identity (name, tax office, a VKN or, for a
 *   sole trader, a TCKN), billing address, how the company earns (a
 *   commission on our prices, or net rates below them, in whole per cent),
 *   how it pays (`card` or `account`), and for paying on account its credit
 *   limit and the part of it in use, both in euro cents. `credit_used_cents`
 *   is raised only by a conditional UPDATE under the company's lock, so it
 *   never passes the limit;
 * - `partner_users`: the company's people who book (a hotel's front desk),
 *   with their own password hash; `partner_sessions` as staff sessions;
 * - `company_statements`: one per company and month once staff act on it
 *   (marked paid), so an unmarked month needs no row.
 *
 * A booking made by a partner names its company and the user; a booking with
 * an invoice to a company carries the buyer's tax office and number next to
 * the billing company name it already had.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('name', 'varchar(160)', (column) => column.notNull())
    .addColumn('tax_office', 'varchar(80)', (column) => column.notNull())
    .addColumn('tax_number', 'varchar(11)', (column) => column.notNull().unique())
    .addColumn('billing_address', 'varchar(500)', (column) => column.notNull())
    .addColumn('contact_email', 'varchar(254)', (column) => column.notNull())
    // commission | net
    .addColumn('rate_kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('rate_percent', 'integer', (column) => column.notNull().defaultTo(0))
    // card | account
    .addColumn('payment_terms', 'varchar(16)', (column) => column.notNull())
    .addColumn('credit_limit_cents', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('credit_used_cents', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('partner_users')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('company_id', 'integer', (column) =>
      column.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('email', 'varchar(254)', (column) => column.notNull().unique())
    .addColumn('name', 'varchar(120)', (column) => column.notNull())
    .addColumn('password_hash', 'varchar(255)', (column) => column.notNull())
    .addColumn('disabled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('partner_users_company')
    .on('partner_users')
    .column('company_id')
    .execute()

  await db.schema
    .createTable('partner_sessions')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('partner_users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('partner_sessions_user')
    .on('partner_sessions')
    .column('user_id')
    .execute()

  await db.schema
    .createTable('company_statements')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('company_id', 'integer', (column) =>
      column.notNull().references('companies.id').onDelete('cascade'),
    )
    // YYYY-MM, the Istanbul month
    .addColumn('month', 'varchar(7)', (column) => column.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('marked_paid_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await sql`
    create unique index company_statements_month
    on company_statements (company_id, month)`.execute(db)

  await db.schema
    .alterTable('bookings')
    .addColumn('company_id', 'integer', (column) =>
      column.references('companies.id').onDelete('set null'),
    )
    .execute()
  await db.schema
    .alterTable('bookings')
    .addColumn('partner_user_id', 'integer', (column) =>
      column.references('partner_users.id').onDelete('set null'),
    )
    .execute()
  // card | account: how a partner's booking is settled (null: a traveller's, by card)
  await db.schema.alterTable('bookings').addColumn('settlement', 'varchar(16)').execute()
  await db.schema.alterTable('bookings').addColumn('billing_tax_office', 'varchar(80)').execute()
  await db.schema.alterTable('bookings').addColumn('billing_tax_number', 'varchar(11)').execute()
  await db.schema.createIndex('bookings_company').on('bookings').column('company_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_company').execute()
  for (const column of [
    'billing_tax_number',
    'billing_tax_office',
    'settlement',
    'partner_user_id',
    'company_id',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(column).execute()
  }
  await db.schema.dropTable('company_statements').execute()
  await db.schema.dropTable('partner_sessions').execute()
  await db.schema.dropTable('partner_users').execute()
  await db.schema.dropTable('companies').execute()
}
