import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../tests/support/database-backends'
import {
  bookingEvents,
  bookingExtras,
  createDraft,
  DraftUnavailableError,
  expireStaleDrafts,
  findBooking,
  markExtrasDone,
  requoteDraft,
  savePassengerDetails,
  setExtraQuantity,
  ExtrasLimitError,
  submitDraft,
  transitionBooking,
} from './bookings.server'
import {
  billing,
  draftInput,
  hourlyDraftInput,
  namedPickupDraftInput,
  passenger,
} from '../../tests/support/booking-fixtures'
import { referencePattern } from './identifiers.server'
import { TransitionError } from '~/domain/booking/status'
import { noExtras } from '~/domain/booking/extras'
import { getSiteSettings } from '~/config/site.server'
import { presentBooking } from './booking-view.server'

// On a real SQLite file and on the machine's PostgreSQL (a throwaway database per run).
describe.each(storageBackends())('bookings on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date('2026-11-22T08:00:00Z')

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    await migrateToLatest(handle.db) // a second start changes nothing
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  it('stores a draft with the full quote snapshot and its first event', async () => {
    const { booking: draft } = await createDraft(handle, draftInput(), now)
    expect(draft.reference).toMatch(referencePattern)
    expect(draft.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const stored = await findBooking(handle, draft.id)
    expect(stored).toMatchObject({
      status: 'draft',
      vehicle_class: 'LUXMNVN',
      pricing_rule: 'airport',
      vehicle_cents: 12900,
      total_cents: 12900,
      currency: 'TRY',
      rate: '49.4371',
      total_minor: 637739,
      distance_km: 52,
      quote_expires_at: '2026-11-22T08:30:00.000Z',
    })
    expect(await bookingEvents(handle, draft.id)).toEqual([
      { from_status: null, to_status: 'draft', note: null, created_at: now.toISOString() },
    ])
  })

  it('moves through allowed statuses and refuses the others, leaving the row as it was', async () => {
    const { booking: draft } = await createDraft(handle, draftInput(), now)
    await transitionBooking(handle, draft.id, 'awaiting_payment', now)
    await expect(transitionBooking(handle, draft.id, 'on_the_way', now)).rejects.toBeInstanceOf(
      TransitionError,
    )
    expect((await findBooking(handle, draft.id))?.status).toBe('awaiting_payment')
    expect((await bookingEvents(handle, draft.id)).map((event) => event.to_status)).toEqual([
      'draft',
      'awaiting_payment',
    ])
  })

  it('lets only one of two simultaneous changes of the same draft through', async () => {
    const { booking: draft } = await createDraft(handle, draftInput(), now)
    const results = await Promise.allSettled([
      transitionBooking(handle, draft.id, 'awaiting_payment', now),
      transitionBooking(handle, draft.id, 'awaiting_payment', now),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(
      (await bookingEvents(handle, draft.id)).filter(
        (event) => event.to_status === 'awaiting_payment',
      ),
    ).toHaveLength(1)
  })

  it('expires drafts whose quote ran out, once', async () => {
    const { booking: draft } = await createDraft(handle, draftInput(), now)
    const later = new Date(now.getTime() + 31 * 60_000)
    expect(await expireStaleDrafts(handle, later)).toBeGreaterThanOrEqual(1)
    expect((await findBooking(handle, draft.id))?.status).toBe('expired')
    expect(await expireStaleDrafts(handle, later)).toBe(0)
  })

  it('never finds a booking by a made-up id', async () => {
    expect(await findBooking(handle, 'not-a-real-id')).toBeUndefined()
  })
  it('makes one draft for one selection, even for two simultaneous requests', async () => {
    const key = `page-${backend.name}:LUXMNVN`
    const [first, second] = await Promise.all([
      createDraft(handle, draftInput(), now, { selectionKey: key }),
      createDraft(handle, draftInput(), now, { selectionKey: key }),
    ])
    expect(first.booking.id).toBe(second.booking.id)
    expect([first.created, second.created].sort()).toEqual([false, true])
    const again = await createDraft(handle, draftInput(), now, { selectionKey: key })
    expect(again).toMatchObject({ created: false, booking: { id: first.booking.id } })
    const stored = await handle.db
      .selectFrom('bookings')
      .select('id')
      .where('selection_key', '=', key)
      .execute()
    expect(stored).toHaveLength(1)
  })

  it('re-totals the draft as the quantities of extras change, in euro and in the locked currency', async () => {
    const { booking: draft } = await createDraft(handle, draftInput(), now)
    const withSeat = await setExtraQuantity(handle, draft.id, 'childSeat', 1, now)
    expect(withSeat).toMatchObject({ extras_cents: 700, total_cents: 13600 })
    expect(withSeat.total_minor).toBe(637739 + 34606)
    await setExtraQuantity(handle, draft.id, 'childSeat', 1, now) // a repeated click
    await setExtraQuantity(handle, draft.id, 'boosterSeat', 1, now)
    expect(await bookingExtras(handle, draft.id)).toEqual({ childSeat: 1, boosterSeat: 1 })
    const twoSeats = await setExtraQuantity(handle, draft.id, 'childSeat', 2, now)
    expect(twoSeats).toMatchObject({ extras_cents: 2100, total_cents: 15000 })
    expect(twoSeats.total_minor).toBe(637739 + 3 * 34606)
    expect(await bookingExtras(handle, draft.id)).toEqual({ childSeat: 2, boosterSeat: 1 })
    const without = await setExtraQuantity(handle, draft.id, 'childSeat', 0, now)
    expect(without).toMatchObject({ extras_cents: 700, total_cents: 13600 })
    expect(await findBooking(handle, draft.id)).toMatchObject({ total_cents: 13600 })
  })

  it('stores a hire by the hour with its hours, its plan and the hourly price', async () => {
    const { booking } = await createDraft(handle, hourlyDraftInput(4, 90), now)
    // Business Luxury Minivan: 4 × 50 EUR, and 30 km beyond the 60 included at 2 EUR.
    expect(booking).toMatchObject({
      ride_mode: 'hourly',
      hire_hours: 4,
      planned_km: 90,
      pricing_rule: 'hourly',
      base_cents: 20000,
      extra_km: 30,
      extra_km_cents: 6000,
      peak: null,
      vehicle_cents: 26000,
      total_cents: 26000,
      total_minor: 26000,
      distance_km: 90,
      distance_source: 'hourly',
      pickup_place_id: 1022,
      destination_place_id: 1022,
    })
    const transfer = await createDraft(handle, draftInput(), now)
    expect(transfer.booking).toMatchObject({
      ride_mode: 'transfer',
      hire_hours: null,
      planned_km: null,
    })
  })

  it('keeps child and booster seats within one fewer than the seats, and asks again for passengers', async () => {
    // Class 1 is the Business Luxury Minivan: 5 seats, so 4 child and booster seats at most.
    const { booking: draft } = await createDraft(handle, draftInput(1), now)
    await setExtraQuantity(handle, draft.id, 'childSeat', 3, now)
    await setExtraQuantity(handle, draft.id, 'boosterSeat', 1, now)
    await expect(setExtraQuantity(handle, draft.id, 'boosterSeat', 2, now)).rejects.toEqual(
      new ExtrasLimitError(4),
    )
    expect(await bookingExtras(handle, draft.id)).toEqual({ childSeat: 3, boosterSeat: 1 })
    expect(await findBooking(handle, draft.id)).toMatchObject({ extras_cents: 2800 })

    // Four passengers given, so three seats fit; a fourth seat asks for the passengers again.
    await setExtraQuantity(handle, draft.id, 'childSeat', 1, now)
    await markExtrasDone(handle, draft.id, now)
    const given = await savePassengerDetails(handle, draft.id, { ...passenger, passengers: 4 }, now)
    expect(given.passenger_done_at).not.toBeNull()
    expect((await setExtraQuantity(handle, draft.id, 'childSeat', 2, now)).passenger_done_at).toBe(
      given.passenger_done_at,
    )
    const reopened = await setExtraQuantity(handle, draft.id, 'childSeat', 3, now)
    expect(reopened.passenger_done_at).toBeNull()
  })

  it('keeps the flight of a traveller arriving by air, and none of one who is not', async () => {
    const { booking: draft } = await createDraft(handle, draftInput(0), now)
    await markExtrasDone(handle, draft.id, now)
    const flying = await savePassengerDetails(handle, draft.id, passenger, now)
    expect(flying.flight_number).toBe('TK1984')
    // A flight typed before ticking "not arriving by air" is not the traveller's.
    const notFlying = await savePassengerDetails(
      handle,
      draft.id,
      { ...passenger, notByAir: true },
      now,
    )
    expect(notFlying.flight_number).toBeNull()
  })

  it('prices the same draft for another class, keeping extras and reopening a step that no longer fits', async () => {
    const { booking: draft } = await createDraft(handle, draftInput(0), now)
    await setExtraQuantity(handle, draft.id, 'boosterSeat', 1, now)
    await markExtrasDone(handle, draft.id, now)
    await savePassengerDetails(handle, draft.id, { ...passenger, passengers: 6 }, now)
    const later = new Date(now.getTime() + 10 * 60_000)
    const requoted = await requoteDraft(
      handle,
      draft.id,
      draftInput(1),
      { passengers: 5, luggage: 6 },
      later,
    )
    expect(requoted).toMatchObject({
      vehicle_class: 'LUXMNVN',
      vehicle_cents: 12900,
      total_cents: 13600,
      passenger_done_at: null,
      quote_expires_at: '2026-11-22T08:40:00.000Z',
    })
    expect(requoted.extras_done_at).not.toBeNull()
  })

  it('stores the passenger and billing details and submits the draft once', async () => {
    const { booking: draft } = await createDraft(handle, draftInput(), now)
    await markExtrasDone(handle, draft.id, now)
    await savePassengerDetails(handle, draft.id, passenger, now)
    const results = await Promise.allSettled([
      submitDraft(handle, draft.id, billing, now),
      submitDraft(handle, draft.id, billing, now),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(await findBooking(handle, draft.id)).toMatchObject({
      status: 'awaiting_payment',
      first_name: 'Ayşe',
      email: 'ayse@example.com',
      passenger_count: 4,
      flight_number: 'TK1984',
      sign_name: null,
      billing_company: null,
      billing_zipcode: '34710',
      payment_option: 'depositCash',
      terms_accepted_at: now.toISOString(),
    })
    expect((await bookingEvents(handle, draft.id)).map((event) => event.to_status)).toEqual([
      'draft',
      'awaiting_payment',
    ])
    await expect(setExtraQuantity(handle, draft.id, 'childSeat', 1, now)).rejects.toEqual(
      new DraftUnavailableError('submitted'),
    )
  })

  it('keeps the place a pickup was searched by, and its exact address, carried while it stays', async () => {
    const { booking: draft } = await createDraft(handle, namedPickupDraftInput(), now)
    await markExtrasDone(handle, draft.id, now)
    const address = 'Pera Palace Hotel, Meşrutiyet Caddesi 52'
    await savePassengerDetails(handle, draft.id, { ...passenger, pickupAddress: address }, now)
    const stored = (await findBooking(handle, draft.id))!
    expect(stored).toMatchObject({
      pickup_text: 'Taksim',
      pickup_place_id: 1012,
      pickup_address: address,
    })
    const view = presentBooking(stored, noExtras, 'tr', getSiteSettings())
    expect(view.trip.pickup).toEqual({ name: 'Taksim', area: 'Beyoğlu' })
    expect(view.pickupAddress).toBe(address)

    // Another time from the same spot keeps the address; another pickup does not.
    const sameSpot = await createDraft(handle, namedPickupDraftInput('2026-11-24'), now, {
      carryFrom: stored,
    })
    expect(sameSpot.booking.pickup_address).toBe(address)
    const elsewhere = await createDraft(handle, draftInput(), now, { carryFrom: stored })
    expect(elsewhere.booking.pickup_address).toBeNull()
  })

  it('refuses changes to a draft whose quote ran out, and to an unknown id', async () => {
    const { booking: draft } = await createDraft(handle, draftInput(), now)
    const later = new Date(now.getTime() + 30 * 60_000)
    await expect(markExtrasDone(handle, draft.id, later)).rejects.toMatchObject({
      reason: 'expired',
    })
    await expect(markExtrasDone(handle, 'made-up', now)).rejects.toMatchObject({
      reason: 'missing',
    })
    expect((await findBooking(handle, draft.id))?.extras_done_at).toBeNull()
  })

  it("carries the traveller's details and extras over to a new draft", async () => {
    const { booking: old } = await createDraft(handle, draftInput(), now)
    await setExtraQuantity(handle, old.id, 'childSeat', 1, now)
    await savePassengerDetails(handle, old.id, passenger, now)
    const previous = (await findBooking(handle, old.id))!
    const { booking: fresh } = await createDraft(handle, draftInput(0), now, {
      carryFrom: previous,
    })
    expect(fresh.id).not.toBe(old.id)
    expect(fresh).toMatchObject({
      first_name: 'Ayşe',
      phone: '+905321234567',
      passenger_count: 4,
      passenger_done_at: null,
      extras_done_at: null,
      extras_cents: 700,
    })
    expect(await bookingExtras(handle, fresh.id)).toEqual({ childSeat: 1, boosterSeat: 0 })
  })
})
