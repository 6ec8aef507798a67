import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { TransitionError } from '~/domain/booking/status'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { draftInput } from '../../tests/support/booking-fixtures'
import { bookingEvents, createDraft, findBooking } from './bookings.server'
import { changeStatus, lockBooking, noteEvent, updateBooking } from './booking-store.server'

describe.each(storageBackends())('the booking store on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date('2026-11-22T08:00:00Z')
  const at = now.toISOString()

  useMigratedDatabase(backend, (opened) => (handle = opened))

  /** A booking moved along the ordinary path up to `awaiting_payment`. */
  async function awaitingPayment() {
    const { booking } = await createDraft(handle, draftInput(), now)
    return writeTransaction(handle, async (trx) =>
      changeStatus(trx, (await lockBooking(trx, booking.id))!, 'awaiting_payment', { at }),
    )
  }

  it('changes the status with the columns that go with it and one event', async () => {
    const booking = await awaitingPayment()
    const confirmed = await writeTransaction(handle, async (trx) =>
      changeStatus(trx, (await lockBooking(trx, booking.id))!, 'confirmed', {
        at,
        note: 'paid by test',
        values: { payment_id: 'pay-1', paid_minor: booking.total_minor, confirmed_at: at },
      }),
    )
    expect(confirmed).toMatchObject({ status: 'confirmed', payment_id: 'pay-1' })
    expect(await findBooking(handle, booking.id)).toMatchObject({
      status: 'confirmed',
      payment_id: 'pay-1',
      confirmed_at: at,
    })
    expect(await bookingEvents(handle, booking.id)).toEqual([
      { from_status: null, to_status: 'draft', note: null, created_at: at },
      { from_status: 'draft', to_status: 'awaiting_payment', note: null, created_at: at },
      {
        from_status: 'awaiting_payment',
        to_status: 'confirmed',
        note: 'paid by test',
        created_at: at,
      },
    ])
  })

  it('refuses a change the table does not list and leaves the row and the log as they were', async () => {
    const { booking } = await createDraft(handle, draftInput(), now)
    await expect(
      writeTransaction(handle, async (trx) =>
        changeStatus(trx, (await lockBooking(trx, booking.id))!, 'confirmed', {
          at,
          values: { payment_id: 'never' },
        }),
      ),
    ).rejects.toBeInstanceOf(TransitionError)
    expect(await findBooking(handle, booking.id)).toMatchObject({
      status: 'draft',
      payment_id: null,
    })
    expect(await bookingEvents(handle, booking.id)).toHaveLength(1)
  })

  it('confirms an expired booking only by the late-payment rule', async () => {
    const booking = await awaitingPayment()
    const expired = await writeTransaction(handle, async (trx) =>
      changeStatus(trx, (await lockBooking(trx, booking.id))!, 'expired', { at }),
    )
    await expect(
      writeTransaction(handle, async (trx) => changeStatus(trx, expired, 'confirmed', { at })),
    ).rejects.toBeInstanceOf(TransitionError)
    await writeTransaction(handle, async (trx) =>
      changeStatus(trx, (await lockBooking(trx, booking.id))!, 'confirmed', {
        at,
        rule: 'late-payment',
      }),
    )
    expect((await findBooking(handle, booking.id))?.status).toBe('confirmed')
  })

  it('changes other columns without touching the status, and notes events that change none', async () => {
    const booking = await awaitingPayment()
    await writeTransaction(handle, async (trx) => {
      const locked = (await lockBooking(trx, booking.id))!
      await updateBooking(trx, locked, { notes: 'window seat' }, at)
      await noteEvent(trx, locked, 'priced again', at)
      await expect(
        // @ts-expect-error the status is changed by changeStatus only
        updateBooking(trx, locked, { status: 'confirmed' }, at),
      ).rejects.toThrow(/changeStatus/)
    })
    expect(await findBooking(handle, booking.id)).toMatchObject({
      notes: 'window seat',
      status: 'awaiting_payment',
    })
    expect((await bookingEvents(handle, booking.id)).at(-1)).toMatchObject({
      from_status: 'awaiting_payment',
      to_status: 'awaiting_payment',
      note: 'priced again',
    })
  })

  it('finds no booking to lock for an unknown id', async () => {
    expect(await writeTransaction(handle, (trx) => lockBooking(trx, 'no-such-id'))).toBeUndefined()
  })
})
