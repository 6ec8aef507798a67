import { PostgresAdapter, sql, type Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * The traveller acts on a paid booking too (changes its details, cancels it,
 * asks for its link again), and staff must see that in the same audit log:
 *
 * - `staff_audit.actor` says who acted, 'staff' (with `account_id`) or
 *   'traveller' (no account), and a check keeps the two together;
 *   `account_id` therefore becomes nullable. SQLite cannot drop a NOT NULL,
 *   so there the table is rebuilt with its rows and indexes; PostgreSQL
 *   alters it in place.
 * - `payment_refunds.requester` says who asked for a refund: 'staff' (with
 *   `requested_by`), 'traveller' (a cancellation online) or 'job' (the
 *   maintenance run). Rows before this migration are staff's or the job's.
 */

const actorCheck = sql`(actor = 'staff' and account_id is not null) or (actor = 'traveller' and account_id is null)`

/**
 * SQLite: staff_audit rebuilt as a new table (with the actor, or as before
 * it), its rows copied, the old one replaced and its indexes made again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
async function rebuildAuditTable(db: Kysely<any>, withActor: boolean) {
  let table = db.schema
    .createTable('staff_audit_rebuilt')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
  if (withActor) {
    table = table.addColumn('actor', 'varchar(16)', (column) => column.notNull().defaultTo('staff'))
  }
  table = table
    .addColumn('account_id', 'integer', (column) =>
      withActor
        ? column.references('staff_accounts.id')
        : column.notNull().references('staff_accounts.id'),
    )
    .addColumn('action', 'varchar(40)', (column) => column.notNull())
    .addColumn('booking_id', 'varchar(64)')
    .addColumn('subject', 'varchar(80)')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
  if (withActor) table = table.addCheckConstraint('staff_audit_actor', actorCheck)
  await table.execute()
  const columns = sql.raw(
    'id, account_id, action, booking_id, subject, before_json, after_json, created_at',
  )
  await sql`insert into staff_audit_rebuilt (${columns}) select ${columns} from staff_audit`.execute(
    db,
  )
  await db.schema.dropTable('staff_audit').execute()
  await sql`alter table staff_audit_rebuilt rename to staff_audit`.execute(db)
  await db.schema
    .createIndex('staff_audit_booking')
    .on('staff_audit')
    .column('booking_id')
    .execute()
  await db.schema
    .createIndex('staff_audit_created')
    .on('staff_audit')
    .column('created_at')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table staff_audit alter column account_id drop not null`.execute(db)
    await sql`alter table staff_audit add column actor varchar(16) not null default 'staff'`.execute(
      db,
    )
    await sql`alter table staff_audit add constraint staff_audit_actor check (${actorCheck})`.execute(
      db,
    )
  } else {
    // Rows copied keep the default actor, 'staff': every entry so far is staff's.
    await rebuildAuditTable(db, true)
  }

  await db.schema
    .alterTable('payment_refunds')
    .addColumn('requester', 'varchar(16)', (column) => column.notNull().defaultTo('job'))
    .execute()
  await db
    .updateTable('payment_refunds')
    .set({ requester: 'staff' })
    .where('requested_by', 'is not', null)
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_refunds').dropColumn('requester').execute()
  // The traveller's entries have no account: the old shape cannot hold them.
  await db.deleteFrom('staff_audit').where('actor', '=', 'traveller').execute()
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table staff_audit drop constraint staff_audit_actor`.execute(db)
    await sql`alter table staff_audit drop column actor`.execute(db)
    await sql`alter table staff_audit alter column account_id set not null`.execute(db)
  } else {
    await rebuildAuditTable(db, false)
  }
}
