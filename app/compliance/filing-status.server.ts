import type { BookingStatus } from '~/domain/booking/status'
import type { UetdsFilingsTable } from '~/db/schema'
import type { Executor } from '~/db/executor'
import type { Selectable } from 'kysely'
import { getEnv } from '~/config/env.server'
import { bookingPickupInstant } from '~/domain/trip-search'
import {
  draftTripFiling,
  filingParts,
  filingWindow,
  type FilingRide,
} from '~/domain/compliance/trip-filing'
import { filingStateOf, type FilingState } from '~/domain/compliance/filing-status'
import { matchesFingerprint } from '~/security/sealed-text.server'
import { filingRideOf } from './filing-ride.server'
import { FILING_PURPOSE, ridesCalledOff, ridesToCome } from './uetds-filing.server'

/** A ride as the board and the job cards already hold it. */
type Ride = { id: string; status: BookingStatus; trip_date: string; trip_time: string }

/**
 * Where each ride's passenger list stands (app/domain/compliance/filing-status.ts),
 * for the board, the job cards, the manifest and /ops/compliance. The stored
 * filings are read in one query; a ride whose window is open also has what
 * it lacks read (and, with the service, whether the list it holds is still
 * the ride's), which opens its documents in memory only.
 */
export async function filingStates(
  executor: Executor,
  rides: Ride[],
  now: Date,
  /** Rides the caller has already read for their list (the manifest): not read again. */
  read: ReadonlyMap<string, FilingRide> = new Map(),
): Promise<Map<string, FilingState>> {
  const states = new Map<string, FilingState>()
  if (rides.length === 0) return states
  const env = getEnv()
  const stored = new Map(
    (
      await executor
        .selectFrom('uetds_filings')
        .selectAll()
        .where(
          'booking_id',
          'in',
          rides.map((ride) => ride.id),
        )
        .execute()
    ).map((row) => [row.booking_id, row]),
  )
  for (const ride of rides) {
    const toCome = (ridesToCome as readonly BookingStatus[]).includes(ride.status)
    const calledOff = (ridesCalledOff as readonly BookingStatus[]).includes(ride.status)
    const window = filingWindow(now, bookingPickupInstant(ride), env.UETDS_LEAD_MINUTES)
    const row = stored.get(ride.id)
    let gaps = null
    let inSync = false
    if (toCome && window !== 'early' && !row?.manual_reference) {
      const draft = draftTripFiling(read.get(ride.id) ?? (await readFilingRide(executor, ride.id)))
      gaps = draft.ok ? [] : draft.gaps
      if (draft.ok && row) inSync = holdsParts(row, filingParts(draft.filing))
    }
    states.set(
      ride.id,
      filingStateOf({
        provider: env.UETDS_PROVIDER,
        toCome,
        calledOff,
        window,
        gaps,
        filing: row
          ? {
              tripReference: row.trip_reference,
              filedAt: row.filed_at,
              cancelledAt: row.cancelled_at,
              manualReference: row.manual_reference,
              hasDocument: row.document_pdf !== null,
              lastOutcome: row.last_outcome,
              lastCode: row.last_code,
              lastMessage: row.last_message,
              nextTryAt: row.next_try_at,
              inSync,
            }
          : null,
      }),
    )
  }
  return states
}

async function readFilingRide(executor: Executor, bookingId: string): Promise<FilingRide> {
  const booking = await executor
    .selectFrom('bookings')
    .selectAll()
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow()
  return filingRideOf(executor, booking)
}

function holdsParts(
  row: Selectable<UetdsFilingsTable>,
  parts: ReturnType<typeof filingParts>,
): boolean {
  return (
    matchesFingerprint(row.trip_hash, parts.trip, FILING_PURPOSE) &&
    matchesFingerprint(row.group_hash, parts.group, FILING_PURPOSE) &&
    matchesFingerprint(row.crew_hash, parts.crew, FILING_PURPOSE) &&
    matchesFingerprint(row.passengers_hash, parts.passengers, FILING_PURPOSE)
  )
}
