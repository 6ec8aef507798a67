import type { Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * The company's side: staff accounts and their sign-in sessions.
 * - `staff_accounts`: one per person, the e-mail stored lower-cased (unique),
 *   the role, the argon2id hash of the password, and when it was disabled;
 * - `staff_sessions`: one per sign-in. The key is the SHA-256 of the token the
 *   browser holds, so a copy of the table signs no one in. A session ends when
 *   revoked, when idle too long (`last_seen_at`) or at `expires_at`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_accounts')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('email', 'varchar(254)', (column) => column.notNull().unique())
    .addColumn('name', 'varchar(120)', (column) => column.notNull())
    .addColumn('role', 'varchar(16)', (column) => column.notNull())
    .addColumn('password_hash', 'varchar(255)', (column) => column.notNull())
    .addColumn('disabled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('account_id', 'integer', (column) =>
      column.notNull().references('staff_accounts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('staff_sessions_account')
    .on('staff_sessions')
    .column('account_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_sessions').execute()
  await db.schema.dropTable('staff_accounts').execute()
}
