import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft } from '~/booking/bookings.server'
import { getEnv } from '~/config/env.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { staffActionsOnBooking } from '~/audit/audit.server'
import { boardBookings } from '~/staff/board.server'
import type { RideStatus } from '~/domain/booking/status'
import { PICKUP_CODE_ALERT_AFTER } from '~/domain/booking/pickup-code'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { addDriver } from './drivers.server'
import { addVehicle } from './vehicles.server'
import { assignBooking } from './assignment.server'
import { markRideStep } from './ride-steps.server'

const now = new Date('2026-11-20T08:00:00Z')
const minutes = (count: number) => new Date(now.getTime() + count * 60_000)

/**
 * The pickup code at the kerb: "Passenger on board" is accepted only with
 * the ride's code; a wrong one is refused, counted and audited, and the
 * count reaching the alert tells dispatch once and flags the board.
 */
describe.each(storageBackends())('the pickup code on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))
  let counter = 0

  /** A confirmed booking assigned to a driver who signs in, who has arrived at the pickup. */
  async function rideAtThePickup() {
    const staff = (role: 'dispatcher' | 'driver', name: string) =>
      createStaffAccount(
        handle,
        { email: `code-${counter++}@example.com`, name, role, password: 'a-long-password-1' },
        now,
      )
    const dispatcher = await staff('dispatcher', 'Deniz Ak')
    const account = await staff('driver', 'Emre Yıldız')
    const driver = await addDriver(
      handle,
      {
        name: 'Emre Yıldız',
        phone: '+90 532 000 00 10',
        languages: 'Turkish',
        licenceNumber: `L-${counter++}`,
        offerChannel: 'sms' as const,
        usualVehicleId: null,
        staffAccountId: account.id,
        active: true,
      },
      dispatcher.id,
      now,
    )
    const van = await addVehicle(
      handle,
      {
        classCode: 'LUXMNVN',
        makeModel: 'Mercedes V',
        plate: `06 C ${1000 + counter++}`,
        colour: null,
        seats: 6,
        luggage: 6,
        active: true,
      },
      dispatcher.id,
      now,
    )
    if (!driver.ok || !van.ok) throw new Error('fleet not stored')
    const { booking } = await createDraft(handle, draftInput(1, '2026-12-04'), now)
    await handle.db
      .updateTable('bookings')
      .set({ status: 'confirmed', first_name: 'Ayşe', confirmed_at: now.toISOString() })
      .where('id', '=', booking.id)
      .execute()
    const assigned = await assignBooking(
      handle,
      {
        bookingId: booking.id,
        driverId: driver.id,
        vehicleId: van.id,
        expectedVersion: 0,
        acknowledged: null,
        staffAccountId: dispatcher.id,
        bufferMinutes: 30,
      },
      now,
    )
    expect(assigned.kind).toBe('assigned')
    const mark = (step: RideStatus, pickupCode?: string, at = minutes(30)) =>
      markRideStep(
        handle,
        { accountId: account.id, reference: booking.reference, step, pickupCode },
        at,
      )
    await mark('on_the_way', undefined, minutes(1))
    await mark('arrived', undefined, minutes(20))
    return { booking, code: booking.pickup_code!, mark }
  }

  const stored = (id: string) =>
    handle.db
      .selectFrom('bookings')
      .select(['status', 'pickup_code_misses'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  const alerts = (id: string) =>
    handle.db
      .selectFrom('outgoing_messages')
      .select(['recipient', 'subject', 'text_body'])
      .where('booking_id', '=', id)
      .where('kind', '=', 'ops.pickup_code_alert')
      .execute()

  const boardProblem = async (reference: string) =>
    (await boardBookings(handle, { from: '2026-12-04', to: '2026-12-04' })).find(
      (row) => row.reference === reference,
    )?.problem

  it('gives every booking a code of four digits', async () => {
    const { booking } = await createDraft(handle, draftInput(1, '2026-12-05'), now)
    expect(booking.pickup_code).toMatch(/^\d{4}$/)
    expect(booking.pickup_code_misses).toBe(0)
  })

  it('starts the ride with the right code, typed with spaces or not', async () => {
    const { booking, code, mark } = await rideAtThePickup()
    const spaced = `${code.slice(0, 2)} ${code.slice(2)}`
    expect(await mark('on_board', spaced)).toMatchObject({ kind: 'marked' })
    expect(await stored(booking.id)).toEqual({ status: 'on_board', pickup_code_misses: 0 })
  })

  it('asks again for an empty code without counting it as a guess', async () => {
    const { booking, mark } = await rideAtThePickup()
    expect(await mark('on_board', '')).toEqual({ kind: 'codeMissing' })
    expect(await mark('on_board', undefined)).toEqual({ kind: 'codeMissing' })
    expect(await stored(booking.id)).toEqual({ status: 'arrived', pickup_code_misses: 0 })
  })

  it('refuses a wrong code, counts and audits it, and alerts dispatch once at the third', async () => {
    const { booking, code, mark } = await rideAtThePickup()
    const wrong = code === '0000' ? '1111' : '0000'
    expect(await mark('on_board', wrong)).toEqual({ kind: 'wrongCode', misses: 1, alertIds: [] })
    expect(await mark('on_board', wrong)).toEqual({ kind: 'wrongCode', misses: 2, alertIds: [] })
    expect(await stored(booking.id)).toEqual({ status: 'arrived', pickup_code_misses: 2 })
    expect(await alerts(booking.id)).toEqual([])
    expect(await boardProblem(booking.reference)).toBeNull()

    const third = await mark('on_board', wrong)
    expect(third).toEqual({
      kind: 'wrongCode',
      misses: PICKUP_CODE_ALERT_AFTER,
      alertIds: [expect.any(Number)],
    })
    const [alert, ...more] = await alerts(booking.id)
    expect(more).toEqual([])
    expect(alert!.recipient).toBe(getEnv().OPERATIONS_EMAIL)
    expect(alert!.subject).toContain(`Pickup code refused on ${booking.reference}`)
    expect(alert!.text_body).toContain('entered a wrong pickup code 3 times')
    expect(alert!.text_body).toContain('Emre Yıldız')
    // The alert names the ride, never the code a stranger could then use.
    expect(alert!.text_body).not.toContain(code)
    expect(await boardProblem(booking.reference)).toBe('codeRefused')

    // A fourth is still refused, and dispatch is not told twice.
    expect(await mark('on_board', wrong)).toEqual({ kind: 'wrongCode', misses: 4, alertIds: [] })
    expect(await alerts(booking.id)).toHaveLength(1)

    const refused = (await staffActionsOnBooking(handle.db, booking.id)).filter(
      (entry) => entry.action === 'booking.pickup_code_refused',
    )
    expect(refused.map((entry) => [entry.staffName, entry.after])).toEqual([
      ['Emre Yıldız', { misses: 1, typed: wrong }],
      ['Emre Yıldız', { misses: 2, typed: wrong }],
      ['Emre Yıldız', { misses: 3, typed: wrong }],
      ['Emre Yıldız', { misses: 4, typed: wrong }],
    ])

    // The right code still starts the ride, and the board stops flagging it.
    expect(await mark('on_board', code)).toMatchObject({ kind: 'marked' })
    expect(await boardProblem(booking.reference)).not.toBe('codeRefused')
  })

  it('needs no code for a passenger who did not come', async () => {
    const { booking, mark } = await rideAtThePickup()
    expect(await mark('no_show')).toMatchObject({ kind: 'marked' })
    expect((await stored(booking.id)).status).toBe('no_show')
  })
})
