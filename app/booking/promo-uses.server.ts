import type { Executor } from '~/db/executor'

/**
 * A promo code's uses as the booking's status moves: given back when a
 * booking that held one expires or is cancelled before it was paid, kept
 * (and counted again, if it had been given back) once the booking is paid.
 * The booking's store calls these inside the transaction that changes the
 * status, so the count moves with it or not at all.
 */

/** The booking expired or was cancelled unpaid: its held use is given back. */
export async function releasePromoUse(trx: Executor, bookingId: string, at: string) {
  const held = await trx
    .selectFrom('promo_redemptions')
    .select(['id', 'promo_code_id'])
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'held')
    .executeTakeFirst()
  if (!held) return
  await trx
    .updateTable('promo_redemptions')
    .set({ status: 'released', released_at: at })
    .where('id', '=', held.id)
    .execute()
  await trx
    .updateTable('promo_codes')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', held.promo_code_id)
    .where('uses', '>', 0)
    .execute()
}

/**
 * The booking was paid: its use is kept for good. A payment that arrived
 * after the booking expired (the late-payment rule) was charged with the
 * discount, so its given-back use is counted again, even past the limit:
 * the money was taken at that price.
 */
export async function keepPromoUse(trx: Executor, bookingId: string) {
  const latest = await trx
    .selectFrom('promo_redemptions')
    .select(['id', 'promo_code_id', 'status'])
    .where('booking_id', '=', bookingId)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!latest || latest.status === 'paid') return
  await trx
    .updateTable('promo_redemptions')
    .set({ status: 'paid', released_at: null })
    .where('id', '=', latest.id)
    .execute()
  if (latest.status === 'released') {
    await trx
      .updateTable('promo_codes')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', latest.promo_code_id)
      .execute()
  }
}
