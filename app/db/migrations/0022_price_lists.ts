import { sql, type Kysely } from 'kysely'
import { builtinPriceList } from '~/domain/pricing/builtin-price-list'
import { priceTermsOf, writePriceTerms } from '~/domain/pricing/price-terms'
import { autoIdType } from './column-types'

/**
 * Prices move into the database. `price_lists` keeps every version of the
 * company's price list: at most one `draft` being edited, and `published`
 * versions, each in force from its `applies_from` until a later one applies
 * (a published version is never changed again; one withdrawn before it applied
 * is `withdrawn`). `body` is the whole list as JSON (PriceList).
 *
 * Version 1 is the tariff the site sold at until now (the fare table, the
 * hourly tariff and the rules' figures of builtin-price-list.ts, which are kept
 * as they are from here on: prices change in /ops/prices), in force since
 * before any booking.
 *
 * Each booking records the version that priced it (`price_list_id`) and keeps
 * the terms it was quoted with besides its fares (`price_terms`: the extras'
 * prices, the deposit share, the kilometres an hour of hire includes); bookings
 * made before this were made under version 1.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('price_lists')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('note', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('based_on', 'integer')
    .addColumn('applies_from', 'varchar(32)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('published_by', 'integer')
    .addColumn('published_at', 'varchar(32)')
    .execute()
  // One draft at a time, even when two admins start one at the same moment.
  await sql`create unique index price_lists_one_draft on price_lists (status) where status = 'draft'`.execute(
    db,
  )
  const since = '2000-01-01T00:00:00.000Z'
  await db
    .insertInto('price_lists')
    .values({
      status: 'published',
      body: JSON.stringify(builtinPriceList),
      applies_from: since,
      created_at: since,
      updated_at: since,
      published_at: since,
    })
    .execute()

  const firstTerms = writePriceTerms(priceTermsOf(builtinPriceList))
  await db.schema.alterTable('bookings').addColumn('price_list_id', 'integer').execute()
  await db.schema
    .alterTable('bookings')
    .addColumn('price_terms', 'text', (column) => column.notNull().defaultTo(firstTerms))
    .execute()
  await db.updateTable('bookings').set({ price_list_id: 1 }).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('price_terms').execute()
  await db.schema.alterTable('bookings').dropColumn('price_list_id').execute()
  await db.schema.dropTable('price_lists').execute()
}
