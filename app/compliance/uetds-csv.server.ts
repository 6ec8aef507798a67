import { data } from 'react-router'
import { getDatabase } from '~/db/db.server'
import { addDays, istanbulClock, istanbulDate } from '~/domain/booking-window'
import { pickupCalendarDate } from '~/domain/trip-search'
import { rolesThatMay } from '~/domain/staff/roles'
import {
  DRIVER_ROLE,
  draftTripFiling,
  fareText,
  splitFullName,
  type FilingRide,
} from '~/domain/compliance/trip-filing'
import { uetdsDistrictOf } from '~/domain/compliance/uetds-places'
import { csvField } from '~/staff/board-exports.server'
import { requireStaff, staffPageHeaders } from '~/staff/guard.server'
import { logger } from '~/utils/logger.server'
import { filingRideOf } from './filing-ride.server'

/**
 * The day's passenger lists as one CSV, for staff filing by hand: a row per
 * passenger (one for a ride with none named), its columns the U-ETDS
 * service's fields in the order its forms ask them, under their Turkish
 * names as the portal shows them, and last what the ride still lacks. The
 * office alone ('compliance.documents'): it holds identity numbers. Each
 * download is logged (who, which day).
 */

const columns = [
  'Firma Sefer No',
  'Araç Plaka',
  'Hareket Tarihi',
  'Hareket Saati',
  'Sefer Bitiş Tarihi',
  'Sefer Bitiş Saati',
  'Başlangıç Ülke',
  'Başlangıç İl',
  'Başlangıç İlçe',
  'Başlangıç Yer',
  'Bitiş Ülke',
  'Bitiş İl',
  'Bitiş İlçe',
  'Bitiş Yer',
  'Grup Ücret',
  'Personel Türü',
  'Personel Uyruk',
  'Personel TC Kimlik/Pasaport No',
  'Personel Cinsiyet',
  'Personel Adı',
  'Personel Soyadı',
  'Koltuk No',
  'Yolcu Uyruk',
  'Yolcu TC Kimlik/Pasaport No',
  'Yolcu Adı',
  'Yolcu Soyadı',
  'Eksik',
] as const

/** The statuses of a ride that leaves (or left) that day. */
const leaving = ['confirmed', 'on_the_way', 'arrived', 'on_board', 'finished'] as const

const day = /^\d{4}-\d{2}-\d{2}$/

/** A ride's rows: what is known of it, with its gaps named in the last column. */
export function manifestCsvRows(ride: FilingRide): string[][] {
  const draft = draftTripFiling(ride)
  const end = new Date(ride.pickupAt.getTime() + ride.minutes * 60_000)
  const from = uetdsDistrictOf(ride.pickupPlaceId)
  const to = uetdsDistrictOf(ride.destinationPlaceId)
  const driver = ride.driver ? splitFullName(ride.driver.name) : null
  const trip = [
    ride.reference,
    ride.vehicle?.plate ?? '',
    istanbulDate(ride.pickupAt),
    istanbulClock(ride.pickupAt),
    istanbulDate(end),
    istanbulClock(end),
    'TR',
    from ? String(from.province) : '',
    from ? String(from.district) : '',
    ride.pickupText,
    'TR',
    to ? String(to.province) : '',
    to ? String(to.district) : '',
    ride.destinationText,
    fareText(ride.fare),
    String(DRIVER_ROLE),
    ride.driver ? 'TR' : '',
    ride.driver?.identityNumber ?? '',
    ride.driver?.sex === 'female' ? 'K' : ride.driver?.sex === 'male' ? 'E' : '',
    driver?.firstName ?? '',
    driver?.lastName ?? '',
  ]
  const gaps = draft.ok ? '' : draft.gaps.join(' ')
  if (ride.passengers.length === 0) return [[...trip, '', '', '', '', '', gaps]]
  return ride.passengers.map((passenger, index) => [
    ...trip,
    String(index + 1),
    passenger.identity?.nationality ?? '',
    passenger.identity?.identityNumber ?? passenger.identity?.passportNumber ?? '',
    passenger.firstname,
    passenger.lastname,
    gaps,
  ])
}

export async function uetdsCsvResponse(request: Request) {
  const staff = await requireStaff(request, rolesThatMay('compliance.documents'))
  const asked = new URL(request.url).searchParams.get('day') ?? ''
  if (asked && !day.test(asked)) throw data('Bad day', { status: 400, headers: staffPageHeaders })
  const wanted = asked || istanbulDate(new Date())
  const { db } = await getDatabase()
  const bookings = (
    await db
      .selectFrom('bookings')
      .selectAll()
      .where('status', 'in', leaving)
      // '00:00' of the day before is this day's first moment.
      .where('trip_date', '>=', addDays(wanted, -1))
      .where('trip_date', '<=', wanted)
      .orderBy('trip_date')
      .orderBy('trip_time')
      .execute()
  ).filter((booking) => pickupCalendarDate(booking.trip_date, booking.trip_time) === wanted)
  const rows: string[][] = []
  for (const booking of bookings) rows.push(...manifestCsvRows(await filingRideOf(db, booking)))
  logger.info('compliance.manifest_csv', {
    staff: staff.account.id,
    day: wanted,
    rides: bookings.length,
  })
  const body = [columns, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
  return new Response(body, {
    headers: {
      ...staffPageHeaders,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="uetds-${wanted}.csv"`,
    },
  })
}
