import { PostgresAdapter, type Kysely } from 'kysely'

/** An auto-numbered key: SQLite's integer primary key, PostgreSQL's identity column. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export function autoIdType(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? ('serial' as const)
    : ('integer' as const)
}
