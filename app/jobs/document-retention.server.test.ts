import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft, findBooking } from '~/booking/bookings.server'
import { completeBooking, passengerRecords } from '~/booking/passenger-names.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { DOCUMENTS_KEPT_DAYS, eraseTravelDocuments } from './document-retention.server'

/**
 * Passengers' documents, the crew's numbers as filed and the trip document
 * are erased DOCUMENTS_KEPT_DAYS after the ride, on both databases; the
 * names stay, and a ride still within its days keeps everything.
 */
describe.each(storageBackends())('travel documents retention on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  async function ride(date: string) {
    const { booking: draft } = await createDraft(
      handle,
      draftInput(1, date),
      new Date('2026-11-01T09:00:00Z'),
    )
    await handle.db
      .updateTable('bookings')
      .set({ status: 'confirmed', passenger_count: 1 })
      .where('id', '=', draft.id)
      .execute()
    const booking = (await findBooking(handle, draft.id))!
    await completeBooking(
      handle,
      booking,
      [
        {
          firstname: 'Ayşe',
          lastname: 'Yılmaz',
          identity: { nationality: 'TR', identityNumber: '19191919190', passportNumber: null },
        },
      ],
      new Date('2026-11-02T09:00:00Z'),
    )
    const at = '2026-11-02T09:00:00.000Z'
    await handle.db
      .insertInto('uetds_filings')
      .values({
        booking_id: draft.id,
        trip_reference: '26120300000001',
        crew_sealed: 's1.sealed',
        document_pdf: 'JVBERi0=',
        created_at: at,
        updated_at: at,
      })
      .execute()
    return draft.id
  }

  it(`keeps them ${DOCUMENTS_KEPT_DAYS} days after the ride, then erases them but the names`, async () => {
    const driven = await ride('2026-12-03')
    const later = await ride('2026-12-20')
    // 1 January: the ride of 3 December is 29 days old.
    expect(await eraseTravelDocuments(handle, new Date('2027-01-01T09:00:00Z'))).toBe(0)
    expect((await passengerRecords(handle.db, driven))[0]!.identity).not.toBeNull()
    // 3 January: its days are over; the ride of the 20th keeps its own.
    expect(await eraseTravelDocuments(handle, new Date('2027-01-03T09:00:00Z'))).toBe(2)
    expect(await passengerRecords(handle.db, driven)).toEqual([
      { firstname: 'Ayşe', lastname: 'Yılmaz', identity: null },
    ])
    const stored = await handle.db
      .selectFrom('booking_passengers')
      .select(['nationality', 'identity_sealed'])
      .where('booking_id', '=', driven)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ nationality: null, identity_sealed: null })
    const filing = await handle.db
      .selectFrom('uetds_filings')
      .select(['trip_reference', 'crew_sealed', 'document_pdf'])
      .where('booking_id', '=', driven)
      .executeTakeFirstOrThrow()
    expect(filing).toEqual({
      trip_reference: '26120300000001',
      crew_sealed: null,
      document_pdf: null,
    })
    expect((await passengerRecords(handle.db, later))[0]!.identity).not.toBeNull()
    // Once: nothing left to erase.
    expect(await eraseTravelDocuments(handle, new Date('2027-01-03T10:00:00Z'))).toBe(0)
  })
})
