import type { Updateable } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingStatus } from '~/domain/booking/status'
import type { UetdsFilingsTable } from '~/db/schema'
import type { UetdsAnswer, UetdsService } from '~/adapters/uetds/uetds-service'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { bookingPickupInstant } from '~/domain/trip-search'
import {
  draftTripFiling,
  filingParts,
  filingWindow,
  nextTryAfter,
  type TripFiling,
} from '~/domain/compliance/trip-filing'
import { fingerprint, matchesFingerprint, seal, unseal } from '~/security/sealed-text.server'
import { logger } from '~/utils/logger.server'
import { claimBookingRow, releaseBookingRow } from '~/db/booking-claim.server'
import { filingRideOf } from './filing-ride.server'

/**
 * The maintenance run's filing of passenger lists with U-ETDS
 * (docs/compliance.md). A ride still to come, within FILING_OPENS_HOURS of its
 * pickup and complete (vehicle, driver, every passenger's document), is filed
 * part by part: the trip, its group, its crew, its passengers, then its
 * printable document. A part that changed since the service took it is sent
 * again (the trip and group updated, the crew and passengers cancelled and
 * added anew); a ride cancelled or whose passenger did not come has its trip
 * cancelled. Every answer is stored; a refusal or silence stops the ride's
 * run and waits (5, 10, 20, 40 minutes, then hourly). A ride is claimed for
 * FILING_CLAIM_MINUTES first, so two instances never file it at once.
 */

/** Statuses of a ride still to leave: its list may be filed and changed. */
export const ridesToCome = [
  'confirmed',
  'on_the_way',
  'arrived',
] as const satisfies readonly BookingStatus[]
/** Statuses that end a filed trip at the service. */
export const ridesCalledOff = ['cancelled', 'no_show'] as const satisfies readonly BookingStatus[]

/** How long an instance holds a ride it files: longer than any run of its calls. */
export const FILING_CLAIM_MINUTES = 5

/** The purpose the parts' fingerprints are keyed for. */
export const FILING_PURPOSE = 'uetds-filing'

export interface FilingReport {
  /** Rides whose every part the service now holds (first filed or brought up to date). */
  filed: number
  cancelled: number
  /** Rides whose run stopped on a refusal, or on a service that did not answer. */
  refused: number
  unanswered: number
}

type FilingRow = {
  booking_id: string
  status: BookingStatus
  trip_date: string
  trip_time: string
  next_try_at: string | null
  claimed_until: string | null
}

export async function fileTrips(
  handle: DatabaseHandle,
  service: UetdsService,
  now: Date,
  leadMinutes: number,
): Promise<FilingReport> {
  const report: FilingReport = { filed: 0, cancelled: 0, refused: 0, unanswered: 0 }
  const today = istanbulDate(now)
  const candidates: FilingRow[] = await handle.db
    .selectFrom('bookings')
    .leftJoin('uetds_filings', 'uetds_filings.booking_id', 'bookings.id')
    .select([
      'bookings.id as booking_id',
      'bookings.status',
      'bookings.trip_date',
      'bookings.trip_time',
      'uetds_filings.next_try_at',
      'uetds_filings.claimed_until',
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('bookings.status', 'in', ridesToCome),
          // The days a pickup within a day can fall on ('00:00' belongs to the day before).
          eb('bookings.trip_date', '>=', addDays(today, -1)),
          eb('bookings.trip_date', '<=', addDays(today, 1)),
        ]),
        eb.and([
          eb('bookings.status', 'in', ridesCalledOff),
          eb('uetds_filings.trip_reference', 'is not', null),
          eb('uetds_filings.cancelled_at', 'is', null),
        ]),
      ]),
    )
    .execute()
  const at = now.toISOString()
  for (const row of candidates) {
    if (row.next_try_at && row.next_try_at > at) continue
    if (row.claimed_until && row.claimed_until > at) continue
    const toCome = (ridesToCome as readonly BookingStatus[]).includes(row.status)
    if (toCome) {
      const window = filingWindow(now, bookingPickupInstant(row), leadMinutes)
      if (window !== 'open' && window !== 'late') continue
    }
    try {
      const outcome = await fileRide(handle, service, row.booking_id, now)
      if (outcome === 'filed') report.filed++
      if (outcome === 'cancelled') report.cancelled++
      if (outcome === 'refused') report.refused++
      if (outcome === 'unanswered') report.unanswered++
    } catch (error) {
      logger.error('uetds.filing_failed', { booking: row.booking_id, error: String(error) })
    }
  }
  return report
}

export type RideFilingOutcome =
  'filed' | 'unchanged' | 'cancelled' | 'incomplete' | 'refused' | 'unanswered' | 'busy' | 'gone'

/** Files (or brings up to date, or cancels) one ride's list now, if no one else is. */
export async function fileRide(
  handle: DatabaseHandle,
  service: UetdsService,
  bookingId: string,
  now: Date,
): Promise<RideFilingOutcome> {
  if (!(await claimBookingRow(handle, 'uetds_filings', bookingId, now, FILING_CLAIM_MINUTES)))
    return 'busy'
  try {
    const booking = await handle.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', bookingId)
      .executeTakeFirst()
    if (!booking) return 'gone'
    const filing = new FilingSteps(handle, service, bookingId, now)
    if ((ridesCalledOff as readonly BookingStatus[]).includes(booking.status)) {
      return await filing.cancel(booking.status === 'no_show')
    }
    // Filed by hand in the portal (the service down, or before it was set up): left to staff.
    const manual = await handle.db
      .selectFrom('uetds_filings')
      .select('manual_reference')
      .where('booking_id', '=', bookingId)
      .executeTakeFirst()
    if (manual?.manual_reference) return 'unchanged'
    const draft = draftTripFiling(await filingRideOf(handle.db, booking))
    if (!draft.ok) return 'incomplete'
    return await filing.sync(draft.filing)
  } finally {
    await releaseBookingRow(handle, 'uetds_filings', bookingId)
  }
}

type Stored = Updateable<UetdsFilingsTable>

/** One ride's calls in order, each answer stored as it comes. */
class FilingSteps {
  constructor(
    private readonly handle: DatabaseHandle,
    private readonly service: UetdsService,
    private readonly bookingId: string,
    private readonly now: Date,
  ) {}

  private row() {
    return this.handle.db
      .selectFrom('uetds_filings')
      .selectAll()
      .where('booking_id', '=', this.bookingId)
      .executeTakeFirstOrThrow()
  }

  /**
   * Stores a call's answer: on success what it changed, otherwise the
   * failure and the next try. Answers whether it succeeded.
   */
  private async record(
    operation: string,
    answer: UetdsAnswer,
    onSuccess: Stored,
    reference: string | null,
  ): Promise<boolean> {
    const at = this.now.toISOString()
    const message =
      // Without an answer, what went wrong ('timeout', 'http-503'): the pages say it in words.
      answer.kind === 'unanswered'
        ? answer.problem
        : answer.kind === 'refused' && answer.rows
          ? [answer.message, ...refusedRows(answer.rows)].join('; ')
          : answer.message
    const code = answer.kind === 'refused' ? answer.code : answer.kind === 'ok' ? 0 : null
    await this.handle.db
      .insertInto('uetds_answers')
      .values({
        booking_id: this.bookingId,
        operation,
        outcome: answer.kind,
        code,
        message: message.slice(0, 400),
        reference,
        created_at: at,
      })
      .execute()
    const current = await this.row()
    const failures = answer.kind === 'ok' ? 0 : current.failures + 1
    await this.handle.db
      .updateTable('uetds_filings')
      .set({
        ...(answer.kind === 'ok' ? onSuccess : {}),
        failures,
        next_try_at: answer.kind === 'ok' ? null : nextTryAfter(failures, this.now).toISOString(),
        last_outcome: answer.kind,
        last_operation: operation,
        last_code: code,
        last_message: message.slice(0, 400),
        last_at: at,
        updated_at: at,
      })
      .where('booking_id', '=', this.bookingId)
      .execute()
    if (answer.kind !== 'ok') {
      logger.warn('uetds.call_failed', {
        booking: this.bookingId,
        operation,
        outcome: answer.kind,
        code,
      })
    }
    return answer.kind === 'ok'
  }

  private failed(): Promise<RideFilingOutcome> {
    return this.row().then((row) => (row.last_outcome === 'unanswered' ? 'unanswered' : 'refused'))
  }

  async cancel(noShow: boolean): Promise<RideFilingOutcome> {
    const row = await this.row()
    if (!row.trip_reference || row.cancelled_at) return 'unchanged'
    const reason = noShow ? 'Yolcu gelmedi' : 'Rezervasyon iptal edildi'
    const answer = await this.service.cancelTrip(row.trip_reference, reason)
    const done = await this.record(
      'seferIptal',
      answer,
      { cancelled_at: this.now.toISOString() },
      row.trip_reference,
    )
    return done ? 'cancelled' : this.failed()
  }

  async sync(filing: TripFiling): Promise<RideFilingOutcome> {
    const parts = filingParts(filing)
    const matches = (stored: string | null, part: string) =>
      matchesFingerprint(stored, part, FILING_PURPOSE)
    const mark = (part: string) => fingerprint(part, FILING_PURPOSE)
    let row = await this.row()
    let changed = false

    // A trip the service cancelled (the ride was called off, then restored) is filed anew.
    if (!row.trip_reference || row.cancelled_at) {
      const answer = await this.service.addTrip(filing.trip)
      const reference = answer.kind === 'ok' ? answer.reference : null
      const fresh: Stored = {
        trip_reference: reference,
        trip_hash: mark(parts.trip),
        cancelled_at: null,
        group_reference: null,
        group_hash: null,
        crew_hash: null,
        crew_sealed: null,
        passengers_hash: null,
        tickets: null,
        document_pdf: null,
        document_at: null,
      }
      if (!(await this.record('seferEkle', answer, fresh, reference))) return this.failed()
      changed = true
    } else if (!matches(row.trip_hash, parts.trip)) {
      const answer = await this.service.updateTrip(row.trip_reference, filing.trip)
      const done = await this.record(
        'seferGuncelle',
        answer,
        { trip_hash: mark(parts.trip) },
        row.trip_reference,
      )
      if (!done) return this.failed()
      changed = true
    }
    row = await this.row()
    const reference = row.trip_reference!

    if (!row.group_reference) {
      const answer = await this.service.addGroup(reference, filing.group)
      const onSuccess: Stored =
        answer.kind === 'ok'
          ? { group_reference: answer.groupReference, group_hash: mark(parts.group) }
          : {}
      if (!(await this.record('seferGrupEkle', answer, onSuccess, reference))) return this.failed()
      changed = true
    } else if (!matches(row.group_hash, parts.group)) {
      const answer = await this.service.updateGroup(reference, row.group_reference, filing.group)
      const done = await this.record(
        'seferGrupGuncelle',
        answer,
        { group_hash: mark(parts.group) },
        reference,
      )
      if (!done) return this.failed()
      changed = true
    }
    row = await this.row()

    if (!matches(row.crew_hash, parts.crew)) {
      // Whoever was filed before leaves the list first, one by one, each stored as it goes.
      let filed = openList(row.crew_sealed, 'driver-identity')
      for (const number of [...filed]) {
        const answer = await this.service.cancelCrew(reference, number, 'Personel değişti')
        filed = filed.filter((other) => other !== number)
        const done = await this.record(
          'personelIptal',
          answer,
          { crew_sealed: sealList(filed, 'driver-identity'), crew_hash: null },
          reference,
        )
        if (!done) return this.failed()
      }
      const answer = await this.service.addCrew(reference, filing.crew)
      const done = await this.record(
        'personelEkle',
        answer,
        {
          crew_hash: mark(parts.crew),
          crew_sealed: sealList(
            filing.crew.map((member) => member.identityNumber),
            'driver-identity',
          ),
        },
        reference,
      )
      if (!done) return this.failed()
      changed = true
    }
    row = await this.row()

    if (!matches(row.passengers_hash, parts.passengers)) {
      let tickets = ticketsOf(row.tickets)
      for (const ticket of [...tickets]) {
        const answer = await this.service.cancelPassenger(
          reference,
          ticket,
          'Yolcu listesi değişti',
        )
        tickets = tickets.filter((other) => other !== ticket)
        const done = await this.record(
          'yolcuIptal',
          answer,
          { tickets: JSON.stringify(tickets), passengers_hash: null },
          reference,
        )
        if (!done) return this.failed()
      }
      const answer = await this.service.addPassengers(
        reference,
        row.group_reference!,
        filing.passengers,
      )
      // The passengers it took are on the list even when others were refused: keep their
      // tickets, so the next try cancels them before sending the list again.
      const taken = (
        answer.kind === 'ok' ? answer.rows : answer.kind === 'refused' ? answer.rows : []
      )
        ?.map((passenger) => passenger.ticket)
        .filter((ticket): ticket is string => ticket !== null)
      if (answer.kind !== 'ok' && taken && taken.length > 0) {
        await this.handle.db
          .updateTable('uetds_filings')
          .set({ tickets: JSON.stringify(taken) })
          .where('booking_id', '=', this.bookingId)
          .execute()
      }
      const done = await this.record(
        'yolcuEkleCoklu',
        answer,
        { passengers_hash: mark(parts.passengers), tickets: JSON.stringify(taken ?? []) },
        reference,
      )
      if (!done) return this.failed()
      changed = true
    }
    row = await this.row()

    if (changed || !row.document_pdf) {
      const answer = await this.service.tripDocument(reference)
      const done = await this.record(
        'seferDetayCiktisiAl',
        answer,
        answer.kind === 'ok'
          ? { document_pdf: answer.pdf.toString('base64'), document_at: this.now.toISOString() }
          : {},
        reference,
      )
      if (!done) return this.failed()
    }
    if (!row.filed_at) {
      await this.handle.db
        .updateTable('uetds_filings')
        .set({ filed_at: this.now.toISOString() })
        .where('booking_id', '=', this.bookingId)
        .execute()
    }
    return changed ? 'filed' : 'unchanged'
  }
}

function refusedRows(rows: { seat: string; code: number; message: string }[]): string[] {
  return rows.filter((row) => row.code !== 0).map((row) => `passenger ${row.seat}: ${row.message}`)
}

function ticketsOf(stored: string | null): string[] {
  return stored ? (JSON.parse(stored) as string[]) : []
}

function openList(sealed: string | null, purpose: 'driver-identity'): string[] {
  return sealed ? (JSON.parse(unseal(sealed, purpose)) as string[]) : []
}

function sealList(numbers: string[], purpose: 'driver-identity'): string | null {
  return numbers.length > 0 ? seal(JSON.stringify(numbers), purpose) : null
}
