import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import type { PriceListRow } from '~/db/schema'
import { lockedRead, writeTransaction } from '~/db/write.server'
import { recordStaffAction } from '~/audit/audit.server'
import { changedFields, type AuditValues } from '~/domain/staff/audit-actions'
import { priceListSchema, type PriceList } from '~/domain/pricing/price-list'

/**
 * The price lists as stored: the versions, the one draft, and the three things
 * an admin does to them (start a draft from a version, change it, publish it
 * from a time), each audited in the transaction that makes it. What is in
 * force at a given time is read through prices-in-force.server.ts, which keeps
 * the published versions in memory.
 */

export interface StoredPriceList {
  id: number
  status: PriceListRow['status']
  list: PriceList
  note: string
  basedOn: number | null
  appliesFrom: string | null
  createdAt: string
  updatedAt: string
  publishedAt: string | null
  publishedBy: number | null
}

/** A stored body that does not read as a price list is a defect: it throws rather than price wrongly. */
function stored(row: PriceListRow): StoredPriceList {
  return {
    id: row.id,
    status: row.status,
    list: priceListSchema.parse(JSON.parse(row.body)),
    note: row.note,
    basedOn: row.based_on,
    appliesFrom: row.applies_from,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    publishedBy: row.published_by,
  }
}

/** Every version, newest first, with who published each. */
export async function listPriceLists(executor: Executor) {
  const rows = await executor
    .selectFrom('price_lists')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'price_lists.published_by')
    .select([
      'price_lists.id',
      'price_lists.status',
      'price_lists.note',
      'price_lists.based_on',
      'price_lists.applies_from',
      'price_lists.updated_at',
      'price_lists.published_at',
      'staff_accounts.name as published_by_name',
    ])
    .orderBy('price_lists.id', 'desc')
    .execute()
  return rows
}

export async function findPriceList(
  executor: Executor,
  id: number,
): Promise<StoredPriceList | undefined> {
  const row = await executor
    .selectFrom('price_lists')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? stored(row) : undefined
}

export async function findDraft(executor: Executor): Promise<StoredPriceList | undefined> {
  const row = await executor
    .selectFrom('price_lists')
    .selectAll()
    .where('status', '=', 'draft')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row ? stored(row) : undefined
}

/** The published versions, the prices of each read and checked: what the cache keeps. */
export async function publishedPriceLists(executor: Executor): Promise<StoredPriceList[]> {
  const rows = await executor
    .selectFrom('price_lists')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('id')
    .execute()
  return rows.map(stored)
}

/**
 * What changes when a version is published or withdrawn: the cache compares it
 * with what it holds and reloads only when it differs (one small query).
 */
export async function publishedSignature(executor: Executor): Promise<string> {
  const row = await executor
    .selectFrom('price_lists')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('id').as('newest')])
    .where('status', '=', 'published')
    .executeTakeFirst()
  return `${Number(row?.count ?? 0)}:${Number(row?.newest ?? 0)}`
}

/** A price list as the audit log shows it: one flat field per figure. */
export function auditedFigures(list: PriceList): AuditValues {
  const figures: AuditValues = {}
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'number' || typeof value === 'string') figures[path] = value
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key)
    }
  }
  walk(list, '')
  return figures
}

export class PriceListConflict extends Error {
  constructor(readonly reason: 'draftExists' | 'noDraft' | 'notScheduled' | 'tooEarly') {
    super(`price list: ${reason}`)
  }
}

/** Starts the one draft as a copy of version `fromId`. */
export async function startDraft(
  handle: DatabaseHandle,
  fromId: number,
  accountId: number,
  now: Date,
): Promise<StoredPriceList> {
  return writeTransaction(handle, async (trx) => {
    if (await findDraft(trx)) throw new PriceListConflict('draftExists')
    const from = await findPriceList(trx, fromId)
    if (!from) throw new PriceListConflict('noDraft')
    const at = now.toISOString()
    const inserted = await trx
      .insertInto('price_lists')
      .values({
        status: 'draft',
        body: JSON.stringify(from.list),
        note: '',
        based_on: from.id,
        created_by: accountId,
        created_at: at,
        updated_by: accountId,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordStaffAction(
      trx,
      {
        accountId,
        action: 'price_list.draft_started',
        subject: `price_list:${inserted.id}`,
        after: { basedOn: from.id },
      },
      now,
    )
    return (await findPriceList(trx, inserted.id))!
  })
}

/** Saves the draft's figures (already checked by the form) and its note; audits what changed. */
export async function saveDraft(
  handle: DatabaseHandle,
  change: { list: PriceList; note: string },
  accountId: number,
  now: Date,
): Promise<StoredPriceList> {
  const list = priceListSchema.parse(change.list)
  return writeTransaction(handle, async (trx) => {
    const draft = await lockedDraft(trx)
    const changed = changedFields(
      { ...auditedFigures(draft.list), note: draft.note },
      { ...auditedFigures(list), note: change.note },
    )
    await trx
      .updateTable('price_lists')
      .set({
        body: JSON.stringify(list),
        note: change.note,
        updated_by: accountId,
        updated_at: now.toISOString(),
      })
      .where('id', '=', draft.id)
      .execute()
    if (Object.keys(changed.after).length > 0) {
      await recordStaffAction(
        trx,
        {
          accountId,
          action: 'price_list.draft_changed',
          subject: `price_list:${draft.id}`,
          ...changed,
        },
        now,
      )
    }
    return (await findPriceList(trx, draft.id))!
  })
}

/** Throws the draft away (nothing was ever priced with it). */
export async function discardDraft(handle: DatabaseHandle, accountId: number, now: Date) {
  await writeTransaction(handle, async (trx) => {
    const draft = await lockedDraft(trx)
    await trx.deleteFrom('price_lists').where('id', '=', draft.id).execute()
    await recordStaffAction(
      trx,
      { accountId, action: 'price_list.draft_discarded', subject: `price_list:${draft.id}` },
      now,
    )
  })
}

/**
 * How far in the past a publish time may be and still mean "now": the draft's
 * page offers the minute it was drawn, and an admin may read the preview for a
 * few minutes before pressing Publish.
 */
export const PUBLISH_GRACE_MS = 10 * 60_000

/**
 * Publishes the draft, in force from `appliesFrom` (now or later, never in the
 * past: a price already quoted must not change behind the traveller; a time
 * within the grace is taken as now). From then on the version is never
 * changed; a later one replaces it.
 */
export async function publishDraft(
  handle: DatabaseHandle,
  appliesFrom: Date,
  accountId: number,
  now: Date,
): Promise<StoredPriceList> {
  if (appliesFrom.getTime() < now.getTime() - PUBLISH_GRACE_MS) {
    throw new PriceListConflict('tooEarly')
  }
  const from = new Date(Math.max(appliesFrom.getTime(), now.getTime())).toISOString()
  return writeTransaction(handle, async (trx) => {
    const draft = await lockedDraft(trx)
    await trx
      .updateTable('price_lists')
      .set({
        status: 'published',
        applies_from: from,
        published_by: accountId,
        published_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', draft.id)
      .execute()
    await recordStaffAction(
      trx,
      {
        accountId,
        action: 'price_list.published',
        subject: `price_list:${draft.id}`,
        after: { appliesFrom: from, note: draft.note },
      },
      now,
    )
    return (await findPriceList(trx, draft.id))!
  })
}

/** Withdraws a published version that has not applied yet; one already in force stays. */
export async function withdrawScheduled(
  handle: DatabaseHandle,
  id: number,
  accountId: number,
  now: Date,
): Promise<void> {
  await writeTransaction(handle, async (trx) => {
    const row = await lockedRead(
      trx,
      trx.selectFrom('price_lists').selectAll().where('id', '=', id),
    ).executeTakeFirst()
    if (
      !row ||
      row.status !== 'published' ||
      !row.applies_from ||
      row.applies_from <= now.toISOString()
    ) {
      throw new PriceListConflict('notScheduled')
    }
    await trx
      .updateTable('price_lists')
      .set({ status: 'withdrawn', updated_by: accountId, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute()
    await recordStaffAction(
      trx,
      {
        accountId,
        action: 'price_list.withdrawn',
        subject: `price_list:${id}`,
        before: { appliesFrom: row.applies_from },
      },
      now,
    )
  })
}

async function lockedDraft(trx: Executor): Promise<StoredPriceList> {
  const row = await lockedRead(
    trx,
    trx.selectFrom('price_lists').selectAll().where('status', '=', 'draft'),
  ).executeTakeFirst()
  if (!row) throw new PriceListConflict('noDraft')
  return stored(row)
}
