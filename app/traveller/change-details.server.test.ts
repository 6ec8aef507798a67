import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft, findBooking } from '~/booking/bookings.server'
import { completeBooking, passengerNames } from '~/booking/passenger-names.server'
import { staffActionsOnBooking } from '~/audit/audit.server'
import { draftInput, namedPickupDraftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { changeBookingDetails } from './change-details.server'
import type { DetailsForm } from './details-form'

/** Pickup 2026-11-25 at 10:00 Istanbul is 07:00 UTC. */
const pickup = new Date('2026-11-25T07:00:00Z')
const hoursBefore = (hours: number) => new Date(pickup.getTime() - hours * 3_600_000)
const now = hoursBefore(72)

const details: DetailsForm = {
  phone: '+90 532 123 45 67',
  flightNumber: 'TK1984',
  signName: undefined,
  notes: undefined,
  passengers: 2,
  luggage: 2,
  names: [],
  pickupAddress: undefined,
  returnPickupAddress: undefined,
  returnFlightNumber: undefined,
}

describe.each(storageBackends())('the traveller changing details on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  /** A paid booking (LUXMNVN: 5 seats, 6 bags) as the passenger step stored it. */
  async function paidBooking(status: 'confirmed' | 'cancelled' | 'on_the_way' = 'confirmed') {
    const { booking } = await createDraft(handle, draftInput(1, '2026-11-25'), now)
    await handle.db
      .updateTable('bookings')
      .set({
        status,
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email: 'ayse@example.com',
        phone: details.phone,
        flight_number: 'TK1984',
        passenger_count: 2,
        luggage_count: 2,
        confirmed_at: now.toISOString(),
      })
      .where('id', '=', booking.id)
      .execute()
    return (await findBooking(handle, booking.id))!
  }

  /** A paid ride from Pera Palace Hotel in Taksim to IST, with or without a flight. */
  async function paidFromTaksim(flightNumber: string | null) {
    const { booking } = await createDraft(handle, namedPickupDraftInput('2026-11-25'), now)
    await handle.db
      .updateTable('bookings')
      .set({
        status: 'confirmed',
        email: 'ayse@example.com',
        phone: details.phone,
        flight_number: flightNumber,
        passenger_count: 2,
        luggage_count: 2,
        pickup_address: 'Pera Palace Hotel',
        confirmed_at: now.toISOString(),
      })
      .where('id', '=', booking.id)
      .execute()
    return (await findBooking(handle, booking.id))!
  }

  const mailsOf = (bookingId: string) =>
    handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'recipient', 'text_body'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()

  it('saves a new flight number, audited as the traveller’s and confirmed by e-mail', async () => {
    const booking = await paidBooking()
    const outcome = await changeBookingDetails(
      handle,
      booking.id,
      { ...details, flightNumber: 'PC2010', notes: 'Two skis' },
      now,
    )
    expect(outcome).toEqual({ kind: 'changed', fields: ['flightNumber', 'notes'] })
    expect(await findBooking(handle, booking.id)).toMatchObject({
      flight_number: 'PC2010',
      notes: 'Two skis',
      phone: details.phone,
      status: 'confirmed',
    })
    expect(await staffActionsOnBooking(handle.db, booking.id)).toEqual([
      expect.objectContaining({
        actor: 'traveller',
        staffName: null,
        action: 'booking.details_changed',
        before: { flightNumber: 'TK1984', notes: null },
        after: { flightNumber: 'PC2010', notes: 'Two skis' },
      }),
    ])
    const [mail, ...more] = await mailsOf(booking.id)
    expect(more).toEqual([])
    expect(mail).toMatchObject({ kind: 'traveller.details_changed', recipient: 'ayse@example.com' })
    expect(mail!.text_body).toContain('Flight number: TK1984 → PC2010')
    expect(mail!.text_body).toContain('Notes: (none) → Two skis')
  })

  it('changes the exact address of a pickup that is not an airport, audited and e-mailed', async () => {
    const draft = await paidFromTaksim('TK1984')
    const moved = { ...details, pickupAddress: 'Meşrutiyet Caddesi 52' }
    expect(await changeBookingDetails(handle, draft.id, moved, now)).toEqual({
      kind: 'changed',
      fields: ['pickupAddress'],
    })
    expect((await findBooking(handle, draft.id))!.pickup_address).toBe('Meşrutiyet Caddesi 52')
    const [entry] = await staffActionsOnBooking(handle.db, draft.id)
    expect(entry).toMatchObject({
      before: { pickupAddress: 'Pera Palace Hotel' },
      after: { pickupAddress: 'Meşrutiyet Caddesi 52' },
    })
    const [mail] = await mailsOf(draft.id)
    expect(mail!.text_body).toContain('Pera Palace Hotel → Meşrutiyet Caddesi 52')
  })

  /** The return ride of `outbound`, two days later, as a paid trip there and back splits it. */
  async function returnRideOf(outbound: Awaited<ReturnType<typeof paidBooking>>) {
    const { booking: back } = await createDraft(handle, draftInput(1, '2026-11-27'), now)
    await handle.db
      .updateTable('bookings')
      .set({
        status: 'confirmed',
        outbound_booking_id: outbound.id,
        pickup_place_id: outbound.destination_place_id,
        destination_place_id: outbound.pickup_place_id,
        pickup_text: outbound.destination_text,
        destination_text: outbound.pickup_text,
        email: outbound.email,
        phone: outbound.phone,
        passenger_count: 2,
        luggage_count: 2,
        confirmed_at: now.toISOString(),
      })
      .where('id', '=', back.id)
      .execute()
    return (await findBooking(handle, back.id))!
  }

  it("changes a return ride's pickup address from the trip's form, audited and e-mailed", async () => {
    // SAW → Şile and back: the return is picked up in Şile, at an address.
    const outbound = await paidBooking()
    const back = await returnRideOf(outbound)
    const outcome = await changeBookingDetails(
      handle,
      outbound.id,
      { ...details, returnPickupAddress: 'Şile Resort, Kumbaba' },
      now,
    )
    expect(outcome).toEqual({ kind: 'changed', fields: ['returnPickupAddress'] })
    expect((await findBooking(handle, back.id))!.pickup_address).toBe('Şile Resort, Kumbaba')
    expect((await findBooking(handle, outbound.id))!.pickup_address).toBeNull()
    const [entry] = await staffActionsOnBooking(handle.db, outbound.id)
    expect(entry).toMatchObject({
      before: { returnPickupAddress: null },
      after: { returnPickupAddress: 'Şile Resort, Kumbaba' },
    })
    const [mail] = await mailsOf(outbound.id)
    expect(mail!.text_body).toContain('Return pickup address: (none) → Şile Resort, Kumbaba')
  })

  it("changes the flight landing before a return's pickup at an airport", async () => {
    // Taksim → IST and back: the return is picked up at IST, off a flight.
    const outbound = await paidFromTaksim(null)
    const back = await returnRideOf(outbound)
    const outcome = await changeBookingDetails(
      handle,
      outbound.id,
      {
        ...details,
        flightNumber: undefined,
        pickupAddress: 'Pera Palace Hotel',
        returnFlightNumber: 'PC2012',
      },
      now,
    )
    expect(outcome).toEqual({ kind: 'changed', fields: ['returnFlightNumber'] })
    expect((await findBooking(handle, back.id))!.flight_number).toBe('PC2012')
  })

  it('writes the change e-mail with the phone and places as every other page shows them', async () => {
    const booking = await paidBooking()
    await changeBookingDetails(handle, booking.id, { ...details, phone: '+905321112222' }, now)
    const [mail] = await mailsOf(booking.id)
    expect(mail!.text_body).toContain('Phone: +90 532 123 45 67 → +90 532 111 22 22')
    expect(mail!.text_body).not.toContain('+905321112222')
    // The route as the confirmation names it: the airport with its code.
    expect(mail!.text_body).toContain('Sabiha Gökçen Airport (SAW)')
  })

  it('writes and sends nothing when the form holds what the booking already has', async () => {
    const booking = await paidBooking()
    expect(await changeBookingDetails(handle, booking.id, details, now)).toEqual({
      kind: 'unchanged',
    })
    expect(await staffActionsOnBooking(handle.db, booking.id)).toEqual([])
    expect(await mailsOf(booking.id)).toEqual([])
  })

  it('replaces the passenger names and keeps the status and when they were first given', async () => {
    const booking = await paidBooking()
    await completeBooking(handle, booking, [{ firstname: 'Ayşe', lastname: 'Yılmaz' }], now)
    const names = [
      { firstname: 'Ayşe', lastname: 'Yılmaz' },
      { firstname: 'Mehmet', lastname: 'Kaya' },
    ]
    expect(await changeBookingDetails(handle, booking.id, { ...details, names }, now)).toEqual({
      kind: 'changed',
      fields: ['passengerNames'],
    })
    expect(await passengerNames(handle.db, booking.id)).toEqual(names)
    expect(await findBooking(handle, booking.id)).toMatchObject({
      status: 'confirmed',
      names_given_at: now.toISOString(),
    })
    const [entry] = await staffActionsOnBooking(handle.db, booking.id)
    expect(entry!.after).toEqual({ passengerNames: 'Ayşe Yılmaz, Mehmet Kaya' })
  })

  it('refuses under 24 hours before pickup, and a booking cancelled or under way, changing nothing', async () => {
    const booking = await paidBooking()
    const late = { ...details, flightNumber: 'PC2010' }
    expect(await changeBookingDetails(handle, booking.id, late, hoursBefore(24))).toMatchObject({
      kind: 'changed',
    })
    expect(
      await changeBookingDetails(
        handle,
        booking.id,
        details,
        new Date(hoursBefore(24).getTime() + 1),
      ),
    ).toEqual({ kind: 'too-late' })
    for (const status of ['cancelled', 'on_the_way'] as const) {
      const closed = await paidBooking(status)
      expect(await changeBookingDetails(handle, closed.id, late, now)).toEqual({ kind: 'closed' })
      expect((await findBooking(handle, closed.id))!.flight_number).toBe('TK1984')
      expect(await mailsOf(closed.id)).toEqual([])
    }
  })

  it('refuses more passengers or bags than the booked class takes, whatever the form said', async () => {
    const booking = await paidBooking()
    expect(
      await changeBookingDetails(handle, booking.id, { ...details, passengers: 6 }, now),
    ).toEqual({ kind: 'over-capacity' })
    expect(await changeBookingDetails(handle, booking.id, { ...details, luggage: 7 }, now)).toEqual(
      {
        kind: 'over-capacity',
      },
    )
    expect((await findBooking(handle, booking.id))!.passenger_count).toBe(2)
  })

  it('audits and confirms a names correction from the received page; a cancelled booking keeps its names', async () => {
    const booking = await paidBooking()
    const first = [{ firstname: 'Ayşe', lastname: 'Yılmaz' }]
    // Completing the names is the page's first step, not a change: nothing to confirm.
    expect(await completeBooking(handle, booking, first, now)).toEqual({ kind: 'names-given' })
    expect(await staffActionsOnBooking(handle.db, booking.id)).toEqual([])
    const corrected = [{ firstname: 'Ayşe', lastname: 'Yılmaz-Kaya' }]
    expect(await completeBooking(handle, booking, corrected, now)).toEqual({ kind: 'names-given' })
    expect(await staffActionsOnBooking(handle.db, booking.id)).toEqual([
      expect.objectContaining({
        actor: 'traveller',
        action: 'booking.details_changed',
        before: { passengerNames: 'Ayşe Yılmaz' },
        after: { passengerNames: 'Ayşe Yılmaz-Kaya' },
      }),
    ])
    expect((await mailsOf(booking.id)).map((mail) => mail.kind)).toEqual([
      'traveller.details_changed',
    ])

    const cancelled = await paidBooking('cancelled')
    expect(await completeBooking(handle, cancelled, first, now)).toEqual({ kind: 'closed' })
    expect(await passengerNames(handle.db, cancelled.id)).toEqual([])
    expect((await findBooking(handle, cancelled.id))!.status).toBe('cancelled')
  })
})
