import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { isAwaitingRide } from '~/domain/booking/status'
import { changedFields, travellerActor } from '~/domain/staff/audit-actions'
import { deliverSoon } from '~/messages/queue.server'
import { recordTravellerChange } from '~/booking/traveller-change.server'
import { lockBooking, noteEvent, updateBooking, type Executor } from './booking-store.server'
import { lockReturnRideToCome } from './return-ride.server'
import { seal, unseal } from '~/security/sealed-text.server'
import { TURKEY, type PassengerIdentity } from '~/domain/identity/travel-identity'
import type { IdentityToStore, StoredIdentity } from './passenger-names-form'

export interface PassengerName {
  firstname: string
  lastname: string
}

/**
 * A passenger as Complete Reservation or a change stores them: their name
 * and, when given, what to do with their identity. Left out, the identity
 * stored for that position stays (a change of names only); `{ keep }`, it
 * stays if its nationality is that one; null clears it.
 */
export interface PassengerEntry extends PassengerName {
  identity?: IdentityToStore | null
}

/** A stored passenger with their identity opened (for the filing and the staff who need it). */
export interface PassengerRecord extends PassengerName {
  identity: PassengerIdentity | null
}

/** The names stored for a booking, in order. */
export async function passengerNames(
  executor: Executor,
  bookingId: string,
): Promise<PassengerName[]> {
  const rows = await executor
    .selectFrom('booking_passengers')
    .select(['first_name', 'last_name'])
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute()
  return rows.map((row) => ({ firstname: row.first_name, lastname: row.last_name }))
}

/** The passengers stored for a booking, in order, their identity numbers unsealed. */
export async function passengerRecords(
  executor: Executor,
  bookingId: string,
): Promise<PassengerRecord[]> {
  const rows = await executor
    .selectFrom('booking_passengers')
    .select(['first_name', 'last_name', 'nationality', 'identity_sealed'])
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute()
  return rows.map((row) => ({
    firstname: row.first_name,
    lastname: row.last_name,
    identity: openIdentity(row.nationality, row.identity_sealed),
  }))
}

/**
 * The stored passengers as the names form shows them again: each name, and
 * the nationality of a document given (null: none), never its number.
 */
export async function storedPassengers(
  executor: Executor,
  bookingId: string,
): Promise<(PassengerName & { stored: StoredIdentity | null })[]> {
  const rows = await executor
    .selectFrom('booking_passengers')
    .select(['first_name', 'last_name', 'nationality', 'identity_sealed'])
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute()
  return rows.map((row) => ({
    firstname: row.first_name,
    lastname: row.last_name,
    stored: row.nationality && row.identity_sealed ? { nationality: row.nationality } : null,
  }))
}

/** Each stored passenger's nationality alone, or null: what the form may keep a number by. */
export async function passengerNationalities(
  executor: Executor,
  bookingId: string,
): Promise<(StoredIdentity | null)[]> {
  return (await storedPassengers(executor, bookingId)).map((passenger) => passenger.stored)
}

function openIdentity(nationality: string | null, sealed: string | null): PassengerIdentity | null {
  if (!nationality || !sealed) return null
  const number = unseal(sealed, 'passenger-identity')
  return nationality === TURKEY
    ? { nationality: TURKEY, identityNumber: number, passportNumber: null }
    : { nationality, identityNumber: null, passportNumber: number }
}

/** Names as the audit log and the e-mails show them: 'Ayşe Yılmaz, Mehmet Kaya'. */
export const namesText = (names: PassengerName[]) =>
  names.map((name) => `${name.firstname} ${name.lastname}`).join(', ') || null

/**
 * Replaces a booking's passengers (the caller holds the booking's lock). An
 * identity is sealed before it is written; one left out or kept is carried
 * over, sealed as it was, from the passenger stored at that position.
 */
export async function replacePassengerNames(
  trx: Executor,
  bookingId: string,
  names: PassengerEntry[],
) {
  const before = await trx
    .selectFrom('booking_passengers')
    .select(['position', 'nationality', 'identity_sealed'])
    .where('booking_id', '=', bookingId)
    .execute()
  const storedAt = (position: number) => before.find((row) => row.position === position)
  await trx.deleteFrom('booking_passengers').where('booking_id', '=', bookingId).execute()
  if (names.length === 0) return
  await trx
    .insertInto('booking_passengers')
    .values(
      names.map((name, position) => ({
        booking_id: bookingId,
        position,
        first_name: name.firstname,
        last_name: name.lastname,
        ...identityColumns(name.identity, storedAt(position)),
      })),
    )
    .execute()
}

function identityColumns(
  identity: PassengerEntry['identity'],
  stored: { nationality: string | null; identity_sealed: string | null } | undefined,
): { nationality: string | null; identity_sealed: string | null } {
  const kept = {
    nationality: stored?.nationality ?? null,
    identity_sealed: stored?.identity_sealed ?? null,
  }
  if (identity === undefined) return kept
  if (identity === null) return { nationality: null, identity_sealed: null }
  if ('keep' in identity) {
    return kept.nationality === identity.keep ? kept : { nationality: null, identity_sealed: null }
  }
  const number = identity.identityNumber ?? identity.passportNumber
  return { nationality: identity.nationality, identity_sealed: seal(number, 'passenger-identity') }
}

/**
 * Records, on a locked booking, that the traveller gave every passenger's
 * name: a fact about the booking (when, by whom) with its note in the event
 * log, never a status. The first time counts; a correction is audited instead.
 */
async function recordNamesGiven(trx: Executor, booking: BookingRow, note: string, at: string) {
  const given = await updateBooking(
    trx,
    booking,
    { names_given_at: at, names_given_by: travellerActor.kind },
    at,
  )
  await noteEvent(trx, given, note, at)
}

/**
 * The same passengers ride back: a trip there and back's return ride (its own
 * booking) takes the names too, given with the outbound's, while its ride is
 * still to come.
 */
async function nameReturnRide(
  trx: Executor,
  outboundId: string,
  names: PassengerRecord[],
  at: string,
) {
  const returnRide = await lockReturnRideToCome(trx, outboundId)
  if (!returnRide) return
  await replacePassengerNames(trx, returnRide.id, names)
  if (returnRide.names_given_at === null) {
    await recordNamesGiven(
      trx,
      returnRide,
      `${names.length} passenger names, with the outbound ride`,
      at,
    )
  }
}

export type CompleteOutcome =
  | { kind: 'names-given' }
  /** Cancelled, or the ride has started: the names are no longer changed online. */
  | { kind: 'closed' }

/**
 * 'Complete Reservation': replaces the names and records that they were
 * given, in one transaction; the booking stays confirmed (only the ride's end
 * completes it). Names already given may be corrected while the ride is still
 * to come; that correction is the traveller's change like any other (audited,
 * confirmed by e-mail). A booking cancelled, under way or over keeps its names.
 */
export async function completeBooking(
  handle: DatabaseHandle,
  booking: BookingRow,
  names: PassengerEntry[],
  now: Date,
): Promise<CompleteOutcome> {
  const at = now.toISOString()
  const result = await writeTransaction(handle, async (trx) => {
    const current = await lockBooking(trx, booking.id)
    if (!current) throw new Error('booking not found')
    if (!isAwaitingRide(current.status)) return { outcome: { kind: 'closed' as const } }
    const given = { kind: 'names-given' as const }
    const before = await passengerNames(trx, booking.id)
    await replacePassengerNames(trx, booking.id, names)
    // The return ride takes the passengers as now stored, their identities included.
    await nameReturnRide(trx, booking.id, await passengerRecords(trx, booking.id), at)
    if (current.names_given_at === null) {
      await recordNamesGiven(trx, current, `${names.length} passenger names`, at)
      return { outcome: given }
    }
    const changes = changedFields(
      { passengerNames: namesText(before) },
      { passengerNames: namesText(names) },
    )
    if (Object.keys(changes.after).length === 0) return { outcome: given }
    const mailId = await recordTravellerChange(trx, current, changes, now)
    return { outcome: given, mailId }
  })
  if ('mailId' in result) deliverSoon(handle, [result.mailId])
  return result.outcome
}
