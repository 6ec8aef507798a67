import type { Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * E-mails written by one request or job and sent by whichever process gets to
 * them first: the message is stored whole when its cause is stored (in the
 * same transaction), then claimed with a lease and handed to the mailer. The
 * unique `dedupe_key` names what the message is about (`reminder:<booking>`),
 * so a message that must go once is queued once however often its cause runs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outgoing_mail')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('dedupe_key', 'varchar(160)', (column) => column.notNull().unique())
    .addColumn('kind', 'varchar(40)', (column) => column.notNull())
    .addColumn('booking_id', 'varchar(64)')
    .addColumn('recipient', 'varchar(254)', (column) => column.notNull())
    .addColumn('reply_to', 'varchar(254)')
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text_body', 'text', (column) => column.notNull())
    .addColumn('html_body', 'text', (column) => column.notNull())
    .addColumn('attachments_json', 'text')
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('claimed_until', 'varchar(32)')
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('outgoing_mail_waiting')
    .on('outgoing_mail')
    .columns(['status', 'claimed_until'])
    .execute()
  await db.schema
    .createIndex('outgoing_mail_booking')
    .on('outgoing_mail')
    .column('booking_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outgoing_mail').execute()
}
