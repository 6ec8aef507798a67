import type { RouterContextProvider } from 'react-router'
import { istanbulDate, ISTANBUL_TIME_ZONE } from '~/domain/booking-window'
import { rolesThatMay } from '~/domain/staff/roles'
import { dateTimeFormat } from '~/utils/intl-cache'
import { pageContext } from '~/utils/page-context.server'
import { requireStaff, staffPageHeaders } from './guard.server'
import { boardRows, readBoardView } from './ops-pages.server'

/**
 * The board's view in other shapes: JSON for the page's own refresh, and a
 * CSV file of the same rows for a spreadsheet. Both answer only signed-in
 * staff who may see bookings, and are never stored by a cache.
 */

type Context = Readonly<RouterContextProvider>

export async function boardDataResponse(context: Context, request: Request) {
  await requireStaff(request, rolesThatMay('bookings.view'))
  const view = readBoardView(request, new Date())
  return Response.json(
    { bookings: await boardRows(context, request, view) },
    { headers: staffPageHeaders },
  )
}

/**
 * A value as one CSV field (RFC 4180): quoted when it holds a comma, quote or
 * line break, with its quotes doubled. A value a spreadsheet would read as a
 * formula (=, +, - or @ first) is prefixed with an apostrophe, so a name typed
 * by a traveller never runs in an operator's spreadsheet.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** An instant as the Istanbul day and time, the way the Day and Time columns read: '2026-11-20 11:15'. */
function istanbulDayAndTime(iso: string): string {
  const time = dateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ISTANBUL_TIME_ZONE,
  })
  return `${istanbulDate(new Date(iso))} ${time.format(new Date(iso))}`
}

export async function boardCsvResponse(context: Context, request: Request) {
  await requireStaff(request, rolesThatMay('bookings.view'))
  const { t } = pageContext(context, request)
  const view = readBoardView(request, new Date())
  const rows = await boardRows(context, request, view)
  const columns = [
    ['day', (row: (typeof rows)[number]) => row.day],
    ['time', (row) => row.time],
    // The pickup a late landing moved it to, as the Day and Time columns read; empty when not moved.
    [
      'expectedPickup',
      (row) =>
        row.flightStatus?.expectedPickupAt
          ? istanbulDayAndTime(row.flightStatus.expectedPickupAt)
          : null,
    ],
    ['reference', (row) => row.reference],
    ['status', (row) => t(`ops.statuses.${row.status}`)],
    ['namesGiven', (row) => (row.namesGiven ? istanbulDayAndTime(row.namesGiven) : null)],
    ['vehicle', (row) => row.vehicle],
    ['from', (row) => row.from],
    ['pickupAddress', (row) => row.pickupAddress],
    ['to', (row) => row.to],
    ['hours', (row) => row.hireHours],
    ['passengers', (row) => row.passengers],
    ['luggage', (row) => row.luggage],
    ['flight', (row) => row.flight],
    ['traveller', (row) => row.traveller],
    ['email', (row) => row.email],
    ['phone', (row) => row.phone],
  ] as const satisfies readonly [
    string,
    (row: (typeof rows)[number]) => string | number | null | undefined,
  ][]
  const lines = [
    columns.map(([name]) => csvField(t(`ops.board.csvColumns.${name}`))).join(','),
    ...rows.map((row) => columns.map(([, value]) => csvField(value(row))).join(',')),
  ]
  const name = view.until
    ? `bookings-${view.day}-to-${view.until}.csv`
    : view.week
      ? `bookings-week-${view.day}.csv`
      : `bookings-${view.day}.csv`
  // A byte-order mark first: spreadsheet programs then read the Turkish letters as UTF-8.
  return new Response(`\uFEFF${lines.join('\r\n')}\r\n`, {
    headers: {
      ...staffPageHeaders,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  })
}
