import type { RouterContextProvider } from 'react-router'
import { istanbulDate, ISTANBUL_TIME_ZONE } from '~/domain/booking-window'
import { rolesThatMay } from '~/domain/staff/roles'
import { dateTimeFormat } from '~/utils/intl-cache'
import { pageContext } from '~/utils/page-context.server'
import { requireStaff, staffPageHeaders } from './guard.server'
import type { TFunction } from 'i18next'
import { boardRows, readBoardView, type boardRowsOf } from './ops-pages.server'

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

/**
 * An amount in minor units as a plain decimal with two places ('1234.50',
 * '-0.05'): no currency sign and no grouping, so a spreadsheet adds it up.
 */
export function csvAmount(minor: number): string {
  const sign = minor < 0 ? '-' : ''
  const whole = Math.abs(minor)
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
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
  // Accounting's export by day of payment, with each ride's money (the reports count the same).
  const paidDays = new URL(request.url).searchParams.get('dates') === 'paid'
  const rows = await boardRows(context, request, view, { paidDays })
  const kind = paidDays ? 'bookings-paid' : 'bookings'
  const name = view.until
    ? `${kind}-${view.day}-to-${view.until}.csv`
    : view.week
      ? `${kind}-week-${view.day}.csv`
      : `${kind}-${view.day}.csv`
  return new Response(bookingsCsv(rows, t, { paidDays }), {
    headers: {
      ...staffPageHeaders,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  })
}

type BoardCsvRow = ReturnType<typeof boardRowsOf>[number]
type Column = readonly [
  string,
  (row: BoardCsvRow, t: TFunction) => string | number | null | undefined,
]

const columns = [
  ['day', (row) => row.day],
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
  ['status', (row, t) => t(`ops.statuses.${row.status}`)],
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
] as const satisfies readonly Column[]

/** By day of payment, each ride's own money follows (a trip there and back is two rides). */
const moneyColumns = [
  ['paidAt', (row) => (row.paidAt ? istanbulDayAndTime(row.paidAt) : null)],
  ['currency', (row) => row.money.currency],
  // What a promo code took off: every amount after it is what the company was paid.
  ['discount', (row) => csvAmount(row.money.discountMinor)],
  ['total', (row) => csvAmount(row.money.totalMinor)],
  ['card', (row) => csvAmount(row.money.cardMinor)],
  ['cash', (row) => csvAmount(row.money.cashMinor)],
  ['totalEur', (row) => csvAmount(row.money.euroCents)],
] as const satisfies readonly Column[]

/**
 * The bookings CSV's text: a byte-order mark first (spreadsheet programs then
 * read the Turkish letters as UTF-8), a header line, one line per booking.
 */
export function bookingsCsv(
  rows: readonly BoardCsvRow[],
  t: TFunction,
  { paidDays }: { paidDays: boolean },
): string {
  const shown: readonly Column[] = paidDays ? [...columns, ...moneyColumns] : columns
  const lines = [
    shown.map(([name]) => csvField(t(`ops.board.csvColumns.${name}`))).join(','),
    ...rows.map((row) => shown.map(([, value]) => csvField(value(row, t))).join(',')),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
