import { createHmac } from 'node:crypto'
import { sql } from 'kysely'
import type { DatabaseHandle, Dialect } from './connect.server'
import type { Executor } from './executor'
import { writeTransaction } from './write.server'

/** At most `max` counted actions of one client in any `windowMinutes`. */
export interface RateLimitRule {
  /** Names the counter in `rate_limit_events` (up to 32 characters). */
  name: string
  max: number
  windowMinutes: number
}

/** Events are kept this long: longer than any rule's window. */
const RATE_LIMIT_EVENTS_KEPT_HOURS = 24

/**
 * A keyed hash of a client's network address: the same client always gets the
 * same hash (enough to count its actions), and without the secret the hash
 * tells nothing about the address.
 */
export function clientHash(clientAddress: string, secret: string): string {
  return createHmac('sha256', secret).update(clientAddress).digest('hex')
}

export function rateLimitWindowStart(rule: RateLimitRule, now: Date): Date {
  return new Date(now.getTime() - rule.windowMinutes * 60_000)
}

/** How many actions a client did under a rule since a moment. */
export async function countRateLimitEvents(
  executor: Executor,
  rule: RateLimitRule,
  hash: string,
  since: Date,
): Promise<number> {
  const row = await executor
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('rule', '=', rule.name)
    .where('client_hash', '=', hash)
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow()
  // PostgreSQL answers count(*) as a bigint, which pg hands over as a string.
  return Number(row.count)
}

/**
 * When a client at a rule's limit may act again: the moment its oldest action
 * still in the window leaves it. Undefined when nothing is counted.
 */
export async function rateLimitFreesAt(
  executor: Executor,
  rule: RateLimitRule,
  hash: string,
  now: Date,
): Promise<Date | undefined> {
  const row = await executor
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.min<string>('created_at').as('oldest'))
    .where('rule', '=', rule.name)
    .where('client_hash', '=', hash)
    .where('created_at', '>=', rateLimitWindowStart(rule, now).toISOString())
    .executeTakeFirst()
  if (!row?.oldest) return undefined
  return new Date(new Date(row.oldest).getTime() + rule.windowMinutes * 60_000)
}

/**
 * Inside a write transaction (`writeTransaction`): counts the client's actions
 * in the window and, under the limit, records this one and answers its event
 * id (undefined at the limit). On
 * PostgreSQL a transaction lock on the client's hash makes simultaneous
 * requests for one client count one after the other; on SQLite the write
 * transaction already holds the file's write lock. The caller's own insert
 * (the message, the draft) belongs in the same transaction.
 */
export async function consumeRateLimit(
  trx: Executor,
  dialect: Dialect,
  rule: RateLimitRule,
  hash: string,
  now: Date,
): Promise<number | undefined> {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext(${`${rule.name}:${hash}`}))`.execute(trx)
  }
  const recent = await countRateLimitEvents(trx, rule, hash, rateLimitWindowStart(rule, now))
  if (recent >= rule.max) return undefined
  const row = await trx
    .insertInto('rate_limit_events')
    .values({ rule: rule.name, client_hash: hash, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export interface RateLimitSlot {
  /** Gives the slot back: the action it was taken for did not happen after all. */
  release: () => Promise<void>
}

/**
 * Takes one slot in its own write transaction, for actions that do their
 * writing elsewhere: undefined when the client is at the limit.
 */
export async function takeRateLimitSlot(
  handle: DatabaseHandle,
  rule: RateLimitRule,
  hash: string,
  now: Date,
): Promise<RateLimitSlot | undefined> {
  const id = await writeTransaction(handle, (trx) =>
    consumeRateLimit(trx, handle.dialect, rule, hash, now),
  )
  if (id === undefined) return undefined
  return {
    release: async () => {
      await handle.db.deleteFrom('rate_limit_events').where('id', '=', id).execute()
    },
  }
}

/** Events older than any window are no longer needed (run by the maintenance job). */
export async function purgeRateLimitEvents(handle: DatabaseHandle, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RATE_LIMIT_EVENTS_KEPT_HOURS * 3_600_000)
  const result = await handle.db
    .deleteFrom('rate_limit_events')
    .where('created_at', '<', cutoff.toISOString())
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Two limits on one action: the account it is about (by a key) and the client address. */
export interface PairedRules {
  account: RateLimitRule
  address: RateLimitRule
}

export type PairedSlots =
  | { taken: true; release: () => Promise<void> }
  /** The address's limit is spent (whatever the account's): free again at `retryAt`. */
  | { taken: false; spent: 'address'; retryAt: Date }
  | { taken: false; spent: 'account' }

/**
 * Takes a slot of both limits for one try: the account's (by `accountKey`,
 * known account or not) and the client address's. When either is spent, says
 * which; a refused try is not counted again. Used by sign-ins, where a
 * success gives its slots back so that only failures count.
 */
export async function takePairedSlots(
  handle: DatabaseHandle,
  rules: PairedRules,
  keys: { accountKey: string; clientAddress: string; secret: string },
  now: Date,
): Promise<PairedSlots> {
  const accountSlot = await takeRateLimitSlot(
    handle,
    rules.account,
    clientHash(keys.accountKey, keys.secret),
    now,
  )
  const addressHash = clientHash(keys.clientAddress, keys.secret)
  const addressSlot = await takeRateLimitSlot(handle, rules.address, addressHash, now)
  const release = async () => {
    await accountSlot?.release()
    await addressSlot?.release()
  }
  if (accountSlot && addressSlot) return { taken: true, release }
  await release()
  if (addressSlot) return { taken: false, spent: 'account' }
  const retryAt =
    (await rateLimitFreesAt(handle.db, rules.address, addressHash, now)) ??
    new Date(now.getTime() + rules.address.windowMinutes * 60_000)
  return { taken: false, spent: 'address', retryAt }
}
