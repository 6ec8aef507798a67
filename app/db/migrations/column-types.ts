import { PostgresAdapter, type Kysely } from 'kysely'

/** An auto-numbered key: SQLite's integer primary key, PostgreSQL's identity column. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export function autoIdType(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? ('serial' as const)
    : ('integer' as const)
}

/** Nullable columns to add: each a name and either 'integer' or the length of a varchar. */
export type NullableColumns = [name: string, type: 'integer' | number][]

/** Adds the columns one ALTER TABLE at a time (SQLite takes one column per statement). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function addColumns(db: Kysely<any>, table: string, columns: NullableColumns) {
  for (const [name, type] of columns) {
    await db.schema
      .alterTable(table)
      .addColumn(name, type === 'integer' ? 'integer' : `varchar(${type})`)
      .execute()
  }
}

/** Drops the columns addColumns added, last first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function dropColumns(db: Kysely<any>, table: string, columns: NullableColumns) {
  for (const [name] of [...columns].reverse()) {
    await db.schema.alterTable(table).dropColumn(name).execute()
  }
}
