import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { bookingEvents, createDraft, findBooking, transitionBooking } from './bookings.server'
import { completeBooking, passengerNames } from './passenger-names.server'

const now = new Date('2026-11-20T08:00:00Z')
const later = new Date('2026-11-21T09:30:00Z')
const names = [
  { firstname: 'Ayşe', lastname: 'Yılmaz' },
  { firstname: 'Mehmet', lastname: 'Kaya' },
]

/**
 * Complete Reservation on both databases: the names given are a fact about
 * the booking (when, by whom), not a status. The booking stays confirmed, its
 * ride to come; only the driver's last step completes it.
 */
describe.each(storageBackends())('the passenger names given on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  async function confirmedBooking() {
    const { booking } = await createDraft(handle, draftInput(1, '2026-11-25'), now)
    await handle.db
      .updateTable('bookings')
      .set({ status: 'confirmed', confirmed_at: now.toISOString(), passenger_count: 2 })
      .where('id', '=', booking.id)
      .execute()
    return (await findBooking(handle, booking.id))!
  }

  it('keeps the booking confirmed and records when and by whom the names were given', async () => {
    const booking = await confirmedBooking()
    expect(booking).toMatchObject({ names_given_at: null, names_given_by: null })

    expect(await completeBooking(handle, booking, names, now)).toEqual({ kind: 'names-given' })
    expect(await findBooking(handle, booking.id)).toMatchObject({
      status: 'confirmed',
      names_given_at: now.toISOString(),
      names_given_by: 'traveller',
    })
    expect(await passengerNames(handle.db, booking.id)).toEqual(names)
    // In the event log as a note beside the status, never as a status of its own.
    expect((await bookingEvents(handle, booking.id)).at(-1)).toEqual({
      from_status: 'confirmed',
      to_status: 'confirmed',
      note: '2 passenger names',
      created_at: now.toISOString(),
    })
  })

  it('keeps the first time the names were given through a correction', async () => {
    const booking = await confirmedBooking()
    await completeBooking(handle, booking, names, now)
    const corrected = [names[0]!, { firstname: 'Mehmet', lastname: 'Kaya-Yılmaz' }]
    expect(await completeBooking(handle, booking, corrected, later)).toEqual({
      kind: 'names-given',
    })
    expect(await findBooking(handle, booking.id)).toMatchObject({
      status: 'confirmed',
      names_given_at: now.toISOString(),
    })
    expect(await passengerNames(handle.db, booking.id)).toEqual(corrected)
  })

  it('completes the booking only when the driver finishes the ride', async () => {
    const booking = await confirmedBooking()
    await completeBooking(handle, booking, names, now)
    for (const step of ['on_the_way', 'arrived', 'on_board'] as const) {
      await transitionBooking(handle, booking.id, step, later)
      expect((await findBooking(handle, booking.id))!.status).toBe(step)
    }
    await transitionBooking(handle, booking.id, 'finished', later)
    expect(await findBooking(handle, booking.id)).toMatchObject({
      status: 'finished',
      names_given_at: now.toISOString(),
      names_given_by: 'traveller',
    })
    // The ride has started: names are no longer given online.
    expect(await completeBooking(handle, booking, names, later)).toEqual({ kind: 'closed' })
  })
})
