import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft } from '~/booking/bookings.server'
import { writeTransaction } from '~/db/write.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { createStaffAccount } from '~/staff/accounts.server'
import { recordStaffAction, staffActionsOnBooking } from './audit.server'

const now = new Date('2026-11-20T08:00:00Z')

describe.each(storageBackends())('the staff audit log on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  it('keeps who did what to a booking, before and after, oldest first', async () => {
    const { booking } = await createDraft(handle, draftInput(1, '2026-11-22'), now)
    const other = await createDraft(handle, draftInput(2, '2026-11-22'), now)
    const dispatcher = await createStaffAccount(
      handle,
      {
        email: 'selin@example.com',
        name: 'Selin Demir',
        role: 'dispatcher',
        password: 'a-long-password-1',
      },
      now,
    )
    await writeTransaction(handle, async (trx) => {
      await recordStaffAction(
        trx,
        {
          accountId: dispatcher.id,
          action: 'booking.assigned',
          bookingId: booking.id,
          before: { driver: null },
          after: { driver: 'Ali Kaya' },
        },
        new Date('2026-11-20T09:00:00Z'),
      )
    })
    await recordStaffAction(
      handle.db,
      { accountId: dispatcher.id, action: 'booking.cancelled', bookingId: booking.id },
      new Date('2026-11-20T10:00:00Z'),
    )
    await recordStaffAction(
      handle.db,
      { accountId: dispatcher.id, action: 'booking.cancelled', bookingId: other.booking.id },
      new Date('2026-11-20T09:30:00Z'),
    )

    const log = await staffActionsOnBooking(handle.db, booking.id)
    expect(log.map(({ id: _id, ...entry }) => entry)).toEqual([
      {
        at: '2026-11-20T09:00:00.000Z',
        actor: 'staff',
        staffName: 'Selin Demir',
        action: 'booking.assigned',
        subject: null,
        before: { driver: null },
        after: { driver: 'Ali Kaya' },
      },
      {
        at: '2026-11-20T10:00:00.000Z',
        actor: 'staff',
        staffName: 'Selin Demir',
        action: 'booking.cancelled',
        subject: null,
        before: null,
        after: null,
      },
    ])
  })

  it('writes nothing when the change it records is rolled back', async () => {
    const { booking } = await createDraft(handle, draftInput(3, '2026-11-22'), now)
    const admin = await createStaffAccount(
      handle,
      { email: 'admin@example.com', name: 'Admin', role: 'admin', password: 'a-long-password-1' },
      now,
    )
    await expect(
      writeTransaction(handle, async (trx) => {
        await recordStaffAction(
          trx,
          { accountId: admin.id, action: 'booking.cancelled', bookingId: booking.id },
          now,
        )
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await staffActionsOnBooking(handle.db, booking.id)).toEqual([])
  })
})
