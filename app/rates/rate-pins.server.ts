import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import { afterCommit, lockedRead, writeTransaction } from '~/db/write.server'
import { recordStaffAction } from '~/audit/audit.server'
import type { OpenPin, PinnableCurrency } from '~/domain/money/rate-pins'
import { pinCacheOf } from './quote-rates.server'

/**
 * The pinned exchange rates as stored: pinning (which ends the currency's pin
 * in force, if any), unpinning, and the history. Each change is written with
 * its audit row in one transaction, and this instance's copy of the pins is
 * read again once it is committed (other instances read theirs within a minute).
 */

export interface PinInput {
  currency: PinnableCurrency
  /** Units per euro, a decimal string (parsePinRate's). */
  rate: string
  expiresAt: Date
}

const auditValues = (pin: { rate: string; expires_at: string }) => ({
  rate: pin.rate,
  expiresAt: pin.expires_at,
})

/**
 * Pins a currency's rate until `expiresAt`; the pin in force before it (if
 * any) ends now, by the same admin. The audit row holds both.
 */
export async function pinRate(
  handle: DatabaseHandle,
  input: PinInput,
  staffAccountId: number,
  now: Date,
): Promise<{ id: number }> {
  const at = now.toISOString()
  return writeTransaction(handle, async (trx) => {
    const current = await lockedRead(
      trx,
      trx
        .selectFrom('exchange_rate_pins')
        .selectAll()
        .where('currency', '=', input.currency)
        .where('removed_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    ).execute()
    if (current.length > 0) {
      await trx
        .updateTable('exchange_rate_pins')
        .set({ removed_at: at, removed_by: staffAccountId })
        .where(
          'id',
          'in',
          current.map((row) => row.id),
        )
        .execute()
    }
    const row = {
      currency: input.currency,
      rate: input.rate,
      expires_at: input.expiresAt.toISOString(),
      pinned_by: staffAccountId,
      created_at: at,
    }
    const { id } = await trx
      .insertInto('exchange_rate_pins')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'rate.pinned',
        subject: `rate:${input.currency}`,
        before: current[0] ? auditValues(current[0]) : null,
        after: auditValues(row),
      },
      now,
    )
    afterCommit(trx, () => pinCacheOf(handle).forget())
    return { id }
  })
}

export type UnpinOutcome = { ok: true; currency: string } | { ok: false; refusal: 'ended' }

/**
 * Ends a pin now: its currency's rate is the source's again. A pin already
 * ended or expired (another admin was quicker, or its time ran out) is
 * refused, and nothing is written.
 */
export async function unpinRate(
  handle: DatabaseHandle,
  pinId: number,
  staffAccountId: number,
  now: Date,
): Promise<UnpinOutcome> {
  const at = now.toISOString()
  return writeTransaction(handle, async (trx) => {
    const pin = await lockedRead(
      trx,
      trx.selectFrom('exchange_rate_pins').selectAll().where('id', '=', pinId),
    ).executeTakeFirst()
    if (!pin || pin.removed_at !== null || pin.expires_at <= at) {
      return { ok: false, refusal: 'ended' } as const
    }
    await trx
      .updateTable('exchange_rate_pins')
      .set({ removed_at: at, removed_by: staffAccountId })
      .where('id', '=', pinId)
      .execute()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'rate.unpinned',
        subject: `rate:${pin.currency}`,
        before: auditValues(pin),
        after: null,
      },
      now,
    )
    afterCommit(trx, () => pinCacheOf(handle).forget())
    return { ok: true, currency: pin.currency } as const
  })
}

export interface PinRecord extends OpenPin {
  pinnedBy: string
  removedAt: string | null
  removedBy: string | null
}

/**
 * The pins made, newest first, with who pinned and who ended each; with
 * `openAt`, only those neither ended nor expired then (all of them: no limit).
 */
export async function pinHistory(
  executor: Executor,
  { limit = 50, openAt }: { limit?: number; openAt?: Date } = {},
): Promise<PinRecord[]> {
  let query = executor
    .selectFrom('exchange_rate_pins as pin')
    .innerJoin('staff_accounts as pinner', 'pinner.id', 'pin.pinned_by')
    .leftJoin('staff_accounts as remover', 'remover.id', 'pin.removed_by')
    .select([
      'pin.id',
      'pin.currency',
      'pin.rate',
      'pin.created_at',
      'pin.expires_at',
      'pin.removed_at',
      'pinner.name as pinned_by_name',
      'remover.name as removed_by_name',
    ])
    .orderBy('pin.created_at', 'desc')
    .orderBy('pin.id', 'desc')
  query = openAt
    ? query.where('pin.removed_at', 'is', null).where('pin.expires_at', '>', openAt.toISOString())
    : query.limit(limit)
  const rows = await query.execute()
  return rows.map((row) => ({
    id: row.id,
    currency: row.currency,
    rate: row.rate,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    pinnedBy: row.pinned_by_name,
    removedAt: row.removed_at,
    removedBy: row.removed_by_name,
  }))
}
