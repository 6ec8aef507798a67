import type { Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * Travellers' own accounts, apart from staff in every table:
 * - `traveller_accounts`: one per e-mail (stored lower-cased, unique), the
 *   argon2id hash of the password, when the e-mail was proved by a link
 *   (no booking is shown before), the language e-mails are written in, and
 *   the passenger and billing details saved for the next booking (JSON);
 * - `traveller_sessions`: one per sign-in, keyed by the SHA-256 of the
 *   browser's token as staff sessions are; `remember` says whether the
 *   browser keeps it after closing;
 * - `traveller_tokens`: the links sent by e-mail (verify the address, sign
 *   in, set a new password), keyed by the SHA-256 of the token, each used
 *   once before it expires.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('traveller_accounts')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('email', 'varchar(254)', (column) => column.notNull().unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('email_verified_at', 'varchar(32)')
    .addColumn('language', 'varchar(2)', (column) => column.notNull())
    .addColumn('saved_details', 'text')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('traveller_sessions')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('account_id', 'integer', (column) =>
      column.notNull().references('traveller_accounts.id').onDelete('cascade'),
    )
    .addColumn('remember', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('traveller_sessions_account')
    .on('traveller_sessions')
    .column('account_id')
    .execute()

  await db.schema
    .createTable('traveller_tokens')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('account_id', 'integer', (column) =>
      column.notNull().references('traveller_accounts.id').onDelete('cascade'),
    )
    // verify | sign-in | reset
    .addColumn('purpose', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('traveller_tokens_account')
    .on('traveller_tokens')
    .column('account_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('traveller_tokens').execute()
  await db.schema.dropTable('traveller_sessions').execute()
  await db.schema.dropTable('traveller_accounts').execute()
}
