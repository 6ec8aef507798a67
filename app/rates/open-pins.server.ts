import type { Executor } from '~/db/executor'
import type { OpenPin } from '~/domain/money/rate-pins'

/** The pins neither ended nor expired at `now`: what every instance keeps in memory. */
export async function openPins(executor: Executor, now: Date): Promise<OpenPin[]> {
  const rows = await executor
    .selectFrom('exchange_rate_pins')
    .select(['id', 'currency', 'rate', 'expires_at', 'created_at'])
    .where('removed_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .execute()
  return rows.map((row) => ({
    id: row.id,
    currency: row.currency,
    rate: row.rate,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  }))
}
