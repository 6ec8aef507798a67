import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { bookingEvents, createDraft, findBooking, transitionBooking } from './bookings.server'
import {
  completeBooking,
  passengerNames,
  passengerNationalities,
  passengerRecords,
  replacePassengerNames,
} from './passenger-names.server'
import { writeTransaction } from '~/db/write.server'

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

  it('seals each passenger’s number at rest, and keeps it through a change of names', async () => {
    const booking = await confirmedBooking()
    const tckn = '10000000146'
    await completeBooking(
      handle,
      booking,
      [
        {
          ...names[0]!,
          identity: { nationality: 'TR', identityNumber: tckn, passportNumber: null },
        },
        {
          ...names[1]!,
          identity: { nationality: 'DE', identityNumber: null, passportNumber: 'C01X00T47' },
        },
      ],
      now,
    )
    const rows = await handle.db
      .selectFrom('booking_passengers')
      .select(['nationality', 'identity_sealed'])
      .where('booking_id', '=', booking.id)
      .orderBy('position')
      .execute()
    expect(rows.map((row) => row.nationality)).toEqual(['TR', 'DE'])
    // Not readable in the table: neither number appears in what is stored.
    expect(JSON.stringify(rows)).not.toMatch(/10000000146|C01X00T47/)
    expect(rows.every((row) => row.identity_sealed?.startsWith('s1.'))).toBe(true)
    expect(await passengerNationalities(handle.db, booking.id)).toEqual([
      { nationality: 'TR' },
      { nationality: 'DE' },
    ])

    // A correction leaving the numbers empty keeps them; a new nationality drops the old number.
    await completeBooking(
      handle,
      booking,
      [
        { firstname: 'Ayşe', lastname: 'Yılmaz-Kaya', identity: { keep: 'TR' } },
        { ...names[1]!, identity: { keep: 'RU' } },
      ],
      later,
    )
    expect(await passengerRecords(handle.db, booking.id)).toEqual([
      {
        firstname: 'Ayşe',
        lastname: 'Yılmaz-Kaya',
        identity: { nationality: 'TR', identityNumber: tckn, passportNumber: null },
      },
      { ...names[1]!, identity: null },
    ])

    // A change of names alone (the change page) keeps each identity where it was.
    await writeTransaction(handle, (trx) =>
      replacePassengerNames(trx, booking.id, [{ firstname: 'Ayşe', lastname: 'Kaya' }]),
    )
    expect(await passengerRecords(handle.db, booking.id)).toEqual([
      {
        firstname: 'Ayşe',
        lastname: 'Kaya',
        identity: { nationality: 'TR', identityNumber: tckn, passportNumber: null },
      },
    ])
  })
})
