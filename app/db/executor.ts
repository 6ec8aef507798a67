import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema'

/** A connection or an open transaction: storage helpers work inside either. */
export type Executor = Kysely<Database> | Transaction<Database>
