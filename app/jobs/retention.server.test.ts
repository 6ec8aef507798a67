import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import type { BookingStatus } from '~/domain/booking/status'
import { createDraft, setExtraQuantity } from '~/booking/bookings.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { purgeUnpaidBookings, UNPAID_RETENTION_DAYS } from './retention.server'

const days = (from: Date, count: number) => new Date(from.getTime() + count * 86_400_000)

describe.each(storageBackends())('purging unpaid bookings on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date('2026-12-31T08:00:00Z')

  useMigratedDatabase(backend, (opened) => (handle = opened))

  /** A booking last changed `age` days ago, in a status, with an extra and maybe an attempt. */
  async function booking(
    status: BookingStatus,
    age: number,
    paid: {
      paidMinor?: number
      attempt?: 'failed' | 'expired' | 'succeeded'
      refundDue?: boolean
    } = {},
  ) {
    const at = days(now, -age)
    const { booking } = await createDraft(handle, draftInput(1, '2026-11-30'), at)
    await setExtraQuantity(handle, booking.id, 'childSeat', 1, at)
    await handle.db
      .insertInto('booking_events')
      .values({
        booking_id: booking.id,
        from_status: 'draft',
        to_status: status,
        note: null,
        created_at: at.toISOString(),
      })
      .execute()
    await handle.db
      .updateTable('bookings')
      .set({
        status,
        updated_at: at.toISOString(),
        paid_minor: paid.paidMinor ?? null,
        confirmed_at: paid.paidMinor ? at.toISOString() : null,
        payment_id: paid.paidMinor ? `pay-${booking.id.slice(0, 8)}` : null,
      })
      .where('id', '=', booking.id)
      .execute()
    if (paid.attempt) {
      await handle.db
        .insertInto('payment_attempts')
        .values({
          booking_id: booking.id,
          provider: 'simulator',
          token: `token-${booking.id}`,
          payment_page_url: null,
          amount_minor: booking.total_minor,
          currency: booking.currency,
          payment_option: 'fullCard',
          status: paid.attempt,
          payment_id: paid.attempt === 'succeeded' ? `pay-${booking.id.slice(0, 8)}` : null,
          refund_status: paid.refundDue ? 'due' : null,
          error_code: null,
          error_group: null,
          created_at: at.toISOString(),
          expires_at: at.toISOString(),
          finished_at: at.toISOString(),
        })
        .execute()
    }
    return booking.id
  }

  async function remaining(
    table: 'bookings' | 'booking_extras' | 'booking_events' | 'payment_attempts',
    ids: string[],
  ) {
    const column = table === 'bookings' ? 'id' : 'booking_id'
    const rows = await handle.db.selectFrom(table).select(column).where(column, 'in', ids).execute()
    return rows.length
  }

  it(`deletes what was never paid after ${UNPAID_RETENTION_DAYS} days, with its details, and keeps every paid booking`, async () => {
    const old = UNPAID_RETENTION_DAYS + 1
    const purged = [
      await booking('draft', old),
      await booking('expired', old),
      await booking('payment_failed', old, { attempt: 'failed' }),
      await booking('expired', old + 300, { attempt: 'expired' }),
      await booking('cancelled', old),
    ]
    const kept = [
      await booking('draft', UNPAID_RETENTION_DAYS - 1),
      await booking('expired', UNPAID_RETENTION_DAYS - 1),
      await booking('confirmed', old + 300, { paidMinor: 1000, attempt: 'succeeded' }),
      await booking('finished', old + 300, { paidMinor: 1000 }),
      await booking('cancelled', old, { paidMinor: 1000 }),
      // Paid through an attempt the booking never recorded (a second charge, refund due).
      await booking('expired', old, { attempt: 'succeeded', refundDue: true }),
    ]

    expect(await purgeUnpaidBookings(handle, now)).toBe(purged.length)
    for (const table of [
      'bookings',
      'booking_extras',
      'booking_events',
      'payment_attempts',
    ] as const) {
      expect(await remaining(table, purged)).toBe(0)
    }
    expect(await remaining('bookings', kept)).toBe(kept.length)
    expect(await remaining('booking_extras', kept)).toBe(kept.length)
    // Running again finds nothing more.
    expect(await purgeUnpaidBookings(handle, now)).toBe(0)
  })

  it('works through more than one batch', async () => {
    const many = []
    for (let index = 0; index < 7; index++) {
      many.push(await booking('expired', UNPAID_RETENTION_DAYS + 2))
    }
    expect(await purgeUnpaidBookings(handle, days(now, 1), { batchSize: 3 })).toBe(7)
    expect(await remaining('bookings', many)).toBe(0)
  })
})

describe('the privacy policy', () => {
  it(`states the ${UNPAID_RETENTION_DAYS} days after which unpaid bookings are deleted, in both languages`, () => {
    const policy = JSON.parse(readFileSync('content/legal/privacy-policy.json', 'utf8')) as Record<
      string,
      unknown
    >
    const text = (language: string) => JSON.stringify(policy[language])
    expect(text('en')).toContain(`deleted ${UNPAID_RETENTION_DAYS} days after`)
    expect(text('tr')).toContain(`${UNPAID_RETENTION_DAYS} gün sonra silinir`)
  })
})
