import { sql, type Kysely } from 'kysely'
import { addColumns, autoIdType, dropColumns, type NullableColumns } from './column-types'

/**
 * One queue for every message on every channel. `outgoing_mail` becomes
 * `outgoing_messages`: each row has its channel (`email`, `sms`, `whatsapp`),
 * the language it was written in, and for a text message its WhatsApp template
 * and the provider's id and delivery status, which the provider reports later.
 * Its rows are copied across (all e-mails) and the old table goes.
 *
 * `message_opt_outs` holds the numbers that said STOP, per channel, so that no
 * later message goes to them there. The bookings keep how their traveller
 * wants ride updates, and the consent as it was given: when, and the words shown.
 */
const bookingColumns: NullableColumns = [
  ['updates_channel', 16],
  ['updates_consent_at', 32],
  ['updates_consent_text', 400],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outgoing_messages')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('dedupe_key', 'varchar(160)', (column) => column.notNull().unique())
    .addColumn('kind', 'varchar(40)', (column) => column.notNull())
    .addColumn('booking_id', 'varchar(64)')
    .addColumn('reference', 'varchar(16)')
    .addColumn('channel', 'varchar(16)', (column) => column.notNull())
    .addColumn('recipient', 'varchar(254)', (column) => column.notNull())
    .addColumn('language', 'varchar(8)', (column) => column.notNull())
    .addColumn('reply_to', 'varchar(254)')
    .addColumn('subject', 'text')
    .addColumn('text_body', 'text', (column) => column.notNull())
    .addColumn('html_body', 'text')
    .addColumn('attachments_json', 'text')
    .addColumn('template_json', 'text')
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('claimed_until', 'varchar(32)')
    .addColumn('error', 'varchar(40)')
    .addColumn('provider_id', 'varchar(64)')
    .addColumn('provider_status', 'varchar(24)')
    .addColumn('fallback_of', 'integer')
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('status_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('outgoing_messages_waiting')
    .on('outgoing_messages')
    .columns(['status', 'claimed_until'])
    .execute()
  await db.schema
    .createIndex('outgoing_messages_booking')
    .on('outgoing_messages')
    .column('booking_id')
    .execute()
  await db.schema
    .createIndex('outgoing_messages_provider')
    .on('outgoing_messages')
    .column('provider_id')
    .execute()
  await sql`
    insert into outgoing_messages (dedupe_key, kind, booking_id, reference, channel, recipient,
      language, reply_to, subject, text_body, html_body, attachments_json, status, attempts,
      claimed_until, sent_at, status_at, created_at)
    select m.dedupe_key, m.kind, m.booking_id,
      (select b.reference from bookings b where b.id = m.booking_id), 'email', m.recipient,
      coalesce((select b.language from bookings b where b.id = m.booking_id), 'en'),
      m.reply_to, m.subject, m.text_body, m.html_body, m.attachments_json, m.status, m.attempts,
      m.claimed_until, m.sent_at, m.sent_at, m.created_at
    from outgoing_mail m order by m.id`.execute(db)
  await db.schema.dropTable('outgoing_mail').execute()

  await db.schema
    .createTable('message_opt_outs')
    .addColumn('recipient', 'varchar(32)', (column) => column.notNull())
    .addColumn('channel', 'varchar(16)', (column) => column.notNull())
    .addColumn('source', 'varchar(32)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('message_opt_outs_key', ['recipient', 'channel'])
    .execute()
  await addColumns(db, 'bookings', bookingColumns)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, 'bookings', bookingColumns)
  await db.schema.dropTable('message_opt_outs').execute()
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
  // Only e-mails existed before; a delivered state was not one of theirs.
  await sql`
    insert into outgoing_mail (dedupe_key, kind, booking_id, recipient, reply_to, subject,
      text_body, html_body, attachments_json, status, attempts, claimed_until, sent_at, created_at)
    select dedupe_key, kind, booking_id, recipient, reply_to, coalesce(subject, ''), text_body,
      coalesce(html_body, ''), attachments_json,
      case when status in ('pending', 'sending', 'sent', 'failed') then status else 'sent' end,
      attempts, claimed_until, sent_at, created_at
    from outgoing_messages where channel = 'email' order by id`.execute(db)
  await db.schema.dropTable('outgoing_messages').execute()
}
