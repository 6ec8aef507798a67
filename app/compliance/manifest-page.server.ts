import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { manualFilingSchema } from './manual-filing-form'
import { getDatabase } from '~/db/db.server'
import { writeTransaction } from '~/db/write.server'
import type { BookingRow } from '~/db/schema'
import { recordStaffAction } from '~/audit/audit.server'
import { configuredUetds } from '~/adapters/uetds/configured.server'
import { displayPlate } from '~/domain/dispatch/rules'
import { paidStatuses } from '~/domain/booking/status'
import { istanbulClock, istanbulDate } from '~/domain/booking-window'
import { rolesThatMay } from '~/domain/staff/roles'
import { draftTripFiling, type FilingRide } from '~/domain/compliance/trip-filing'
import { uetdsDistrictOf } from '~/domain/compliance/uetds-places'
import { nationalityName } from '~/booking/nationalities.server'
import { forbidden, refuseCrossOrigin, requireStaff, staffPageHeaders } from '~/staff/guard.server'
import { instantFormatter, staffMeta } from '~/staff/ops-pages.server'
import type { Context } from '~/staff/dispatch-shared.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import { formatMoney } from '~/utils/format'
import { filingRideOf } from './filing-ride.server'
import { readCompanySettings } from './company-settings.server'
import { filingStates } from './filing-status.server'
import { fileRide } from './uetds-filing.server'

/**
 * /ops/bookings/:reference/manifest: a ride's passenger list as the
 * Ministry's U-ETDS takes it, documents opened, for the office alone
 * ('compliance.documents'): what is filed or to file, what is missing, every
 * answer the service gave. Without the service, staff file it in the portal
 * and record the reference the portal gave; with it, they may send it now
 * rather than wait for the next run. Each opening is logged (who, which
 * ride; never a number).
 */

const requireOffice = (request: Request) =>
  requireStaff(request, rolesThatMay('compliance.documents'))

/** The rides a list exists for: paid, whether still to come, driven or called off. */
const listedStatuses: readonly BookingRow['status'][] = [...paidStatuses, 'cancelled']

async function rideByReference(reference: string): Promise<BookingRow> {
  const { db } = await getDatabase()
  const booking = await db
    .selectFrom('bookings')
    .selectAll()
    .where('reference', '=', reference.toUpperCase())
    .executeTakeFirst()
  // A draft or an unpaid booking carries no list; a cancelled one only if it was paid.
  if (!booking || !listedStatuses.includes(booking.status) || !booking.confirmed_at) {
    throw data('Not found', { status: 404, headers: staffPageHeaders })
  }
  return booking
}

export async function manifestPageData(context: Context, request: Request, reference: string) {
  const staff = await requireOffice(request)
  const booking = await rideByReference(reference)
  const { t, language, site } = pageContext(context, request)
  const handle = await getDatabase()
  const now = new Date()
  const ride = await filingRideOf(handle.db, booking)
  const company = await readCompanySettings(handle.db)
  const draft = draftTripFiling(ride)
  const state = (await filingStates(handle.db, [booking], now, new Map([[booking.id, ride]]))).get(
    booking.id,
  )!
  const [row, answers] = await Promise.all([
    handle.db
      .selectFrom('uetds_filings')
      .leftJoin('staff_accounts', 'staff_accounts.id', 'uetds_filings.manual_by')
      .select([
        'uetds_filings.trip_reference',
        'uetds_filings.document_at',
        'uetds_filings.manual_reference',
        'uetds_filings.manual_at',
        'staff_accounts.name as manual_by',
      ])
      .where('booking_id', '=', booking.id)
      .executeTakeFirst(),
    handle.db
      .selectFrom('uetds_answers')
      .select(['operation', 'outcome', 'code', 'message', 'created_at'])
      .where('booking_id', '=', booking.id)
      .orderBy('id', 'desc')
      .limit(30)
      .execute(),
  ])
  logger.info('compliance.manifest_opened', { staff: staff.account.id, booking: booking.reference })
  const at = instantFormatter(language)
  const doneParam = new URL(request.url).searchParams.get('done')
  return data(
    {
      meta: staffMeta(
        context,
        request,
        t('opsCompliance.manifest.title', { reference: booking.reference }),
      ),
      reference: booking.reference,
      /** Who carries the passengers, as a printed manifest names them. */
      operator: {
        legalName: site.legalName,
        licenceNumber: company.licenceNumber,
        taxNumber: company.taxNumber,
      },
      provider: configuredUetds() ? ('uetds' as const) : ('manual' as const),
      state,
      gaps: draft.ok ? [] : draft.gaps,
      trip: tripLines(ride, language),
      crew: ride.driver
        ? [
            {
              name: ride.driver.name,
              identityNumber: ride.driver.identityNumber,
              sex: ride.driver.sex,
              phone: ride.driver.phone,
            },
          ]
        : [],
      passengers: ride.passengers.map((passenger, index) => ({
        seat: index + 1,
        name: `${passenger.firstname} ${passenger.lastname}`,
        nationality: passenger.identity
          ? `${nationalityName(passenger.identity.nationality, language)} (${passenger.identity.nationality})`
          : null,
        document: passenger.identity
          ? passenger.identity.identityNumber
            ? { kind: 'identity' as const, number: passenger.identity.identityNumber }
            : { kind: 'passport' as const, number: passenger.identity.passportNumber! }
          : null,
      })),
      /** The party's size, when more than the passengers named. */
      party: ride.passengerCount,
      uetdsReference: row?.trip_reference ?? null,
      documentAt: at(row?.document_at ?? null),
      manual: row?.manual_reference
        ? { reference: row.manual_reference, at: at(row.manual_at), by: row.manual_by }
        : null,
      answers: answers.map((answer) => ({ ...answer, at: at(answer.created_at) })),
      done: doneParam === 'byHand' || doneParam === 'sent' ? doneParam : null,
    },
    { headers: staffPageHeaders },
  )
}

function tripLines(ride: FilingRide, language: Parameters<typeof formatMoney>[2]) {
  const place = (id: number, text: string) => {
    const district = uetdsDistrictOf(id)
    return { text, codes: district ? `${district.province} / ${district.district}` : null }
  }
  const istanbul = (at: Date) => `${istanbulDate(at)} ${istanbulClock(at)}`
  const end = new Date(ride.pickupAt.getTime() + ride.minutes * 60_000)
  return {
    plate: ride.vehicle ? displayPlate(ride.vehicle.plate) : null,
    departure: istanbul(ride.pickupAt),
    end: istanbul(end),
    from: place(ride.pickupPlaceId, ride.pickupText),
    to: place(ride.destinationPlaceId, ride.destinationText),
    fare: formatMoney(ride.fare.minor / 100, ride.fare.currency, language, {
      minimumFractionDigits: 2,
    }),
  }
}

function refuse(context: Context, result: SubmissionResult<string[]>) {
  markFormRefused(context)
  return data({ result }, { status: 400, headers: staffPageHeaders })
}

/**
 * The manifest's two forms: `byHand` records the reference the portal gave
 * for a list filed there (both with and without the service: a service
 * that is down is filed by hand too, and the job then leaves the ride);
 * `send` files it with the service now. The office's same-site POST only.
 */
export async function manifestAction(context: Context, request: Request, reference: string) {
  const staff = await requireOffice(request)
  refuseCrossOrigin(request)
  const booking = await rideByReference(reference)
  const formData = await request.formData()
  const handle = await getDatabase()
  const now = new Date()
  const back = (done: string) =>
    redirect(`/ops/bookings/${booking.reference}/manifest?done=${done}`, {
      status: 303,
      headers: staffPageHeaders,
    })

  if (formData.get('intent') === 'send') {
    const service = configuredUetds()
    if (!service) throw forbidden()
    await recordStaffAction(
      handle.db,
      { accountId: staff.account.id, action: 'uetds.filed_now', bookingId: booking.id },
      now,
    )
    await fileRide(handle, service, booking.id, now)
    return back('sent')
  }

  const submission = parseWithZod(formData, { schema: manualFilingSchema })
  if (submission.status !== 'success') return refuse(context, submission.reply())
  const at = now.toISOString()
  await writeTransaction(handle, async (trx) => {
    await trx
      .insertInto('uetds_filings')
      .values({ booking_id: booking.id, created_at: at, updated_at: at })
      .onConflict((conflict) => conflict.column('booking_id').doNothing())
      .execute()
    await trx
      .updateTable('uetds_filings')
      .set({
        manual_reference: submission.value.uetdsReference,
        manual_by: staff.account.id,
        manual_at: at,
        updated_at: at,
      })
      .where('booking_id', '=', booking.id)
      .execute()
    await recordStaffAction(
      trx,
      {
        accountId: staff.account.id,
        action: 'uetds.filed_by_hand',
        bookingId: booking.id,
        after: { reference: submission.value.uetdsReference },
      },
      now,
    )
  })
  return back('byHand')
}
