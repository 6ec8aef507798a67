import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { registry } from '~/utils/metrics.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { draftInput } from '../../tests/support/booking-fixtures'
import { createDraft } from './bookings.server'
import { changeStatus, lockBooking } from './booking-store.server'

/** How many bookings entered `status` in this process so far. */
async function entered(status: string): Promise<number> {
  const metric = registry.getSingleMetric('marmara_booking_status_changes_total')!
  const { values } = await metric.get()
  return values.find((value) => value.labels.status === status)?.value ?? 0
}

describe.each(storageBackends())('the booking store’s counts on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date('2026-11-22T08:00:00Z')
  const at = now.toISOString()
  useMigratedDatabase(backend, (opened) => (handle = opened))

  it('counts each status a booking enters, its first one too, once committed', async () => {
    const drafts = await entered('draft')
    const waiting = await entered('awaiting_payment')
    const { booking } = await createDraft(handle, draftInput(), now)
    expect(await entered('draft')).toBe(drafts + 1)
    await writeTransaction(handle, async (trx) => {
      await changeStatus(trx, (await lockBooking(trx, booking.id))!, 'awaiting_payment', { at })
      expect(await entered('awaiting_payment')).toBe(waiting)
    })
    expect(await entered('awaiting_payment')).toBe(waiting + 1)
  })

  it('does not count a change whose transaction rolled back', async () => {
    const { booking } = await createDraft(handle, draftInput(), now)
    const waiting = await entered('awaiting_payment')
    const failure = new Error('the next write failed')
    await expect(
      writeTransaction(handle, async (trx) => {
        await changeStatus(trx, (await lockBooking(trx, booking.id))!, 'awaiting_payment', { at })
        throw failure
      }),
    ).rejects.toBe(failure)
    expect(await entered('awaiting_payment')).toBe(waiting)
  })
})
