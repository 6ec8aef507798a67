import { data, type RouterContextProvider } from 'react-router'
import type { TFunction } from 'i18next'
import { getDatabase } from '~/db/db.server'
import type { DatabaseHandle } from '~/db/connect.server'
import { listVehicleClasses } from '~/content/fleet.server'
import { addDays } from '~/domain/booking-window'
import { rolesThatMay } from '~/domain/staff/roles'
import type { ReportRefund, ReportRide } from '~/domain/reports/report-money'
import { chartScale, type ChartBar } from '~/domain/reports/report-charts'
import { readReportPeriod, type ReportPeriod } from '~/domain/reports/report-period'
import {
  cancellations,
  leadTimes,
  refundsByRequester,
  reportGroupings,
  revenueByClass,
  revenueByPromoCode,
  revenueByPeriod,
  revenueTotals,
  reviewsByPeriod,
  ridesByChannel,
  type MoneyTotals,
  type ReportGrouping,
  type ReportReview,
} from '~/domain/reports/report-sections'
import { intlLocale, type Language } from '~/i18n/config'
import { formatDate, formatMoney } from '~/utils/format'
import { dateTimeFormat, numberFormat } from '~/utils/intl-cache'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { csvAmount, csvField } from './board-exports.server'
import { requireStaff, staffPageHeaders } from './guard.server'
import { staffMeta } from './ops-pages.server'
import { reportRefunds, reportReviews, reportRides } from './reports.server'

/**
 * /ops/reports: what the company earned and lost in a period, for those who
 * may read prices (admins and dispatchers). Every section is one table, on
 * the page and as its own CSV file, built once by `reportSections` so the two
 * never disagree.
 */

type Context = Readonly<RouterContextProvider>

/** One cell: as the page shows it, and as the CSV file writes it. */
export interface ReportCell {
  text: string
  csv: string | number | null
}

/**
 * A section's chart, drawn on the server as SVG beside its table (which
 * stays the text a screen reader reads and the CSV exports): each bar's
 * label, figure and length along the axis, and the axis's ticks.
 */
export interface ReportChart {
  title: string
  bars: { label: string; valueText: string; length: number }[]
  ticks: { label: string; at: number }[]
}

export interface ReportTable {
  id: string
  caption: string
  chart?: ReportChart
  /** Shown when the period has no rows for it. */
  empty: string
  columns: string[]
  rows: ReportCell[][]
  /** Totals or a summary after the rows (the page's tfoot; the CSV's last lines). */
  footer: ReportCell[][]
}

/** What every section is built from: the rides paid in the period, their refunds, the reviews written. */
export interface ReportInput {
  period: ReportPeriod
  rides: ReportRide[]
  refunds: ReportRefund[]
  reviews: ReportReview[]
}

export interface Words {
  t: TFunction
  language: Language
  classTitle: (code: string) => string
}

const cell = (text: string, csv: string | number | null = text): ReportCell => ({ text, csv })

function moneyCell(minor: number, currency: string, language: Language): ReportCell {
  return cell(
    formatMoney(minor / 100, currency, language, { minimumFractionDigits: 2 }),
    csvAmount(minor),
  )
}

function countCell(count: number, language: Language): ReportCell {
  return cell(numberFormat(intlLocale[language], {}).format(count), count)
}

/** Euro cents summed per key, in first-seen order: a chart's bars of money in several currencies. */
function euroBars(rows: { key: string; label: string; euroCents: number }[], language: Language) {
  const sums = new Map<string, { label: string; euroCents: number }>()
  for (const row of rows) {
    const sum = sums.get(row.key) ?? { label: row.label, euroCents: 0 }
    sum.euroCents += row.euroCents
    sums.set(row.key, sum)
  }
  return [...sums.values()].map((sum): ChartBar => ({
    label: sum.label,
    value: sum.euroCents / 100,
    valueText: formatMoney(sum.euroCents / 100, 'EUR', language, { minimumFractionDigits: 2 }),
  }))
}

/** A chart of `bars`, its ticks written by `tick`; none for a section without rows. */
function chartOf(
  title: string,
  bars: ChartBar[],
  tick: (value: number) => string,
  scale: { fixedMax?: number; whole?: boolean } = {},
): ReportChart | undefined {
  if (bars.length === 0) return undefined
  const axis = chartScale(bars, scale.fixedMax, { whole: scale.whole })
  return {
    title,
    bars: bars.map((bar, index) => ({
      label: bar.label,
      valueText: bar.valueText,
      length: axis.lengths[index]!,
    })),
    ticks: axis.ticks.map((one) => ({ label: tick(one.value), at: one.at })),
  }
}

const euroTick = (language: Language) => (value: number) =>
  formatMoney(value, 'EUR', language, { minimumFractionDigits: 0 })

/** A period's name on the page; the CSV keeps its key ('2026-11-27', '2026-W48', '2026-11'). */
function periodLabel(period: string, by: ReportGrouping, words: Words): string {
  if (by === 'day') return formatDate(period, words.language)
  if (by === 'month') {
    return dateTimeFormat(intlLocale[words.language], {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${period}-15T12:00:00Z`))
  }
  const [year, week] = period.split('-W').map(Number) as [number, number]
  // The Monday of ISO week 1 is the Monday on or before 4 January.
  const january4 = new Date(Date.UTC(year, 0, 4))
  const week1 = addDays(january4.toISOString().slice(0, 10), 1 - (january4.getUTCDay() || 7))
  const monday = addDays(week1, (week - 1) * 7)
  return words.t('ops.reports.weekLabel', {
    week,
    year,
    from: formatDate(monday, words.language),
    to: formatDate(addDays(monday, 6), words.language),
  })
}

function moneyColumns(words: Words) {
  const { t } = words
  return [
    t('ops.reports.columns.currency'),
    t('ops.reports.columns.rides'),
    t('ops.reports.columns.discount'),
    t('ops.reports.columns.total'),
    t('ops.reports.columns.card'),
    t('ops.reports.columns.cash'),
    t('ops.reports.columns.totalEur'),
  ]
}

function moneyCells(row: MoneyTotals & { currency: string }, words: Words): ReportCell[] {
  const { language } = words
  return [
    cell(row.currency),
    countCell(row.rides, language),
    moneyCell(row.discountMinor, row.currency, language),
    moneyCell(row.totalMinor, row.currency, language),
    moneyCell(row.cardMinor, row.currency, language),
    moneyCell(row.cashMinor, row.currency, language),
    moneyCell(row.euroCents, 'EUR', language),
  ]
}

function totalRows(input: ReportInput, words: Words): ReportCell[][] {
  return revenueTotals(input.rides).map((row) => [
    cell(words.t('ops.reports.totalRow'), 'total'),
    ...moneyCells(row, words),
  ])
}

function revenueSection(input: ReportInput, words: Words): ReportTable {
  const { t } = words
  const { by } = input.period
  const periods = revenueByPeriod(input.rides, by)
  return {
    id: 'revenue',
    caption: t(`ops.reports.revenue.captions.${by}`),
    empty: t('ops.reports.noRides'),
    columns: [t('ops.reports.columns.period'), ...moneyColumns(words)],
    rows: periods.map((row) => [
      cell(periodLabel(row.period, by, words), row.period),
      ...moneyCells(row, words),
    ]),
    footer: totalRows(input, words),
    chart: chartOf(
      t(`ops.reports.charts.revenue.${by}`),
      euroBars(
        periods.map((row) => ({
          key: row.period,
          label: periodLabel(row.period, by, words),
          euroCents: row.euroCents,
        })),
        words.language,
      ),
      euroTick(words.language),
    ),
  }
}

function classSection(input: ReportInput, words: Words): ReportTable {
  const { t } = words
  const classes = revenueByClass(input.rides)
  return {
    id: 'classes',
    caption: t('ops.reports.classes.caption'),
    empty: t('ops.reports.noRides'),
    columns: [t('ops.reports.columns.vehicleClass'), ...moneyColumns(words)],
    rows: classes.map((row) => [
      cell(words.classTitle(row.vehicleClass)),
      ...moneyCells(row, words),
    ]),
    footer: totalRows(input, words),
    chart: chartOf(
      t('ops.reports.charts.classes'),
      euroBars(
        classes.map((row) => ({
          key: row.vehicleClass,
          label: words.classTitle(row.vehicleClass),
          euroCents: row.euroCents,
        })),
        words.language,
      ),
      euroTick(words.language),
    ),
  }
}

function channelSection(input: ReportInput, words: Words): ReportTable {
  const { t, language } = words
  const rows = ridesByChannel(input.rides)
  const name = (company: string | null) => company ?? t('ops.reports.channels.website')
  const count = numberFormat(intlLocale[language], {})
  return {
    id: 'channels',
    caption: t('ops.reports.channels.caption'),
    empty: t('ops.reports.noRides'),
    columns: [
      t('ops.reports.columns.channel'),
      t('ops.reports.columns.rides'),
      t('ops.reports.columns.totalEur'),
    ],
    rows: rows.map((row) => [
      cell(name(row.company), row.company ?? 'website'),
      countCell(row.rides, language),
      moneyCell(row.euroCents, 'EUR', language),
    ]),
    footer: [],
    chart: chartOf(
      t('ops.reports.charts.channels'),
      rows.map((row) => ({
        label: name(row.company),
        value: row.rides,
        valueText: count.format(row.rides),
      })),
      (value) => count.format(value),
      { whole: true },
    ),
  }
}

function reviewSection(input: ReportInput, words: Words): ReportTable {
  const { t, language } = words
  const { by } = input.period
  const rows = reviewsByPeriod(input.reviews, by)
  const score = numberFormat(intlLocale[language], {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
  const scoreCell = (value: number) => cell(score.format(value), value.toFixed(1))
  return {
    id: 'reviews',
    caption: t(`ops.reports.reviews.captions.${by}`),
    empty: t('ops.reports.reviews.empty'),
    columns: [
      t('ops.reports.columns.period'),
      t('ops.reports.columns.reviews'),
      t('ops.reports.columns.average'),
      t('ops.reports.columns.driver'),
      t('ops.reports.columns.car'),
      t('ops.reports.columns.punctuality'),
    ],
    rows: rows.map((row) => [
      cell(periodLabel(row.period, by, words), row.period),
      countCell(row.reviews, language),
      scoreCell(row.average),
      scoreCell(row.driver),
      scoreCell(row.car),
      scoreCell(row.punctuality),
    ]),
    footer: [],
    chart: chartOf(
      t('ops.reports.charts.reviews'),
      rows.map((row) => ({
        label: periodLabel(row.period, by, words),
        value: row.average,
        valueText: t('ops.reports.reviews.barValue', {
          score: score.format(row.average),
          count: row.reviews,
        }),
      })),
      (value) => String(value),
      { fixedMax: 5 },
    ),
  }
}

function promoSection(input: ReportInput, words: Words): ReportTable {
  const { t } = words
  return {
    id: 'promo-codes',
    caption: t('ops.reports.promo.caption'),
    empty: t('ops.reports.promo.none'),
    columns: [t('ops.reports.columns.promoCode'), ...moneyColumns(words)],
    rows: revenueByPromoCode(input.rides).map((row) => [cell(row.code), ...moneyCells(row, words)]),
    footer: [],
  }
}

function cancellationSection(input: ReportInput, words: Words): ReportTable {
  const { t, language } = words
  return {
    id: 'cancellations',
    caption: t('ops.reports.cancellations.caption'),
    empty: t('ops.reports.cancellations.empty'),
    columns: [
      t('ops.reports.columns.currency'),
      t('ops.reports.columns.cancelled'),
      t('ops.reports.columns.byTraveller'),
      t('ops.reports.columns.byStaff'),
      t('ops.reports.columns.cardTaken'),
      t('ops.reports.columns.totalEur'),
    ],
    rows: cancellations(input.rides).map((row) => [
      cell(row.currency),
      countCell(row.cancelled, language),
      countCell(row.byTraveller, language),
      countCell(row.byStaff, language),
      moneyCell(row.cardMinor, row.currency, language),
      moneyCell(row.euroCents, 'EUR', language),
    ]),
    footer: [],
  }
}

function refundSection(input: ReportInput, words: Words): ReportTable {
  const { t, language } = words
  return {
    id: 'refunds',
    caption: t('ops.reports.refunds.caption'),
    empty: t('ops.reports.refunds.empty'),
    columns: [
      t('ops.reports.columns.currency'),
      t('ops.reports.columns.askedBy'),
      t('ops.reports.columns.refundState'),
      t('ops.reports.columns.refunds'),
      t('ops.reports.columns.amount'),
    ],
    rows: refundsByRequester(input.refunds).map((row) => [
      cell(row.currency),
      cell(t(`ops.reports.refunds.requesters.${row.requester}`), row.requester),
      cell(t(`ops.reports.refunds.states.${row.status}`), row.status),
      countCell(row.refunds, language),
      moneyCell(row.amountMinor, row.currency, language),
    ]),
    footer: [],
  }
}

function leadTimeSection(input: ReportInput, words: Words): ReportTable {
  const { t, language } = words
  const lead = leadTimes(input.rides)
  const all = lead.buckets.reduce((sum, bucket) => sum + bucket.rides, 0)
  const percent = numberFormat(intlLocale[language], { style: 'percent' })
  const hours = numberFormat(intlLocale[language], { maximumFractionDigits: 1 })
  return {
    id: 'lead-time',
    caption: t('ops.reports.leadTime.caption'),
    empty: t('ops.reports.noRides'),
    columns: [
      t('ops.reports.columns.leadTime'),
      t('ops.reports.columns.rides'),
      t('ops.reports.columns.share'),
    ],
    rows:
      all === 0
        ? []
        : lead.buckets.map((bucket) => [
            cell(t(`ops.reports.leadTime.buckets.${bucket.bucket}`), bucket.bucket),
            countCell(bucket.rides, language),
            cell(percent.format(bucket.rides / all), (bucket.rides / all).toFixed(4)),
          ]),
    footer:
      lead.medianHours === null
        ? []
        : [
            [
              cell(t('ops.reports.leadTime.median'), 'median_hours'),
              cell(
                t('ops.reports.leadTime.hours', { hours: hours.format(lead.medianHours) }),
                lead.medianHours,
              ),
              cell('', null),
            ],
          ],
  }
}

/**
 * The report's sections, in the page's order. A new section (by promo code,
 * say) is one more builder here: the page, its CSV link and its file
 * (/ops/reports/<id>.csv) all follow from this list.
 */
export function reportSections(input: ReportInput, words: Words): ReportTable[] {
  return [
    revenueSection(input, words),
    classSection(input, words),
    channelSection(input, words),
    promoSection(input, words),
    cancellationSection(input, words),
    refundSection(input, words),
    leadTimeSection(input, words),
    reviewSection(input, words),
  ]
}

/** The rides and refunds of a period, read once for every section. */
export async function reportInput(handle: DatabaseHandle, period: ReportPeriod) {
  const [rides, refunds, reviews] = await Promise.all([
    reportRides(handle, period),
    reportRefunds(handle, period),
    reportReviews(handle, period),
  ])
  return { period, rides, refunds, reviews }
}

export function wordsFor(context: Context, request: Request): Words {
  const { t, language, site } = pageContext(context, request)
  const titles = new Map(listVehicleClasses(language, site).map((item) => [item.code, item.title]))
  return { t, language, classTitle: (code) => titles.get(code as never) ?? code }
}

const periodQuery = (period: ReportPeriod) =>
  new URLSearchParams({ from: period.from, to: period.to, by: period.by }).toString()

export async function reportsPageData(context: Context, request: Request) {
  await requireStaff(request, rolesThatMay('prices.view'))
  const { t, language } = pageContext(context, request)
  const reading = readReportPeriod(new URL(request.url).searchParams, new Date())
  const groupings = reportGroupings.map((by) => ({ value: by, label: t(`ops.reports.by.${by}`) }))
  if (!reading.ok) {
    // Refused: the fields keep what was typed, each error beside its field.
    markFormRefused(context)
    return data(
      {
        meta: staffMeta(context, request, t('ops.reports.title')),
        form: reading.typed,
        errors: {
          from: reading.errors.from ? t(`ops.reports.errors.${reading.errors.from}`) : null,
          to: reading.errors.to ? t(`ops.reports.errors.${reading.errors.to}`) : null,
        },
        groupings,
        heading: null,
        query: null,
        sections: [] as ReportTable[],
      },
      { status: 400, headers: staffPageHeaders },
    )
  }
  const { period } = reading
  const input = await reportInput(await getDatabase(), period)
  return data(
    {
      meta: staffMeta(context, request, t('ops.reports.title')),
      form: period,
      errors: { from: null, to: null },
      groupings,
      heading: t('ops.reports.heading', {
        from: formatDate(period.from, language),
        to: formatDate(period.to, language),
      }),
      query: periodQuery(period),
      sections: reportSections(input, wordsFor(context, request)),
    },
    { headers: staffPageHeaders },
  )
}

/**
 * A section's table as a CSV file's text (RFC 4180, UTF-8 with a byte-order
 * mark, like the bookings CSV): its columns, its rows, then its totals.
 */
export function sectionCsv(table: ReportTable): string {
  const lines = [
    table.columns.map(csvField).join(','),
    ...[...table.rows, ...table.footer].map((row) =>
      row.map((value) => csvField(value.csv)).join(','),
    ),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** A section as its own CSV file, named by its period. */
export async function reportCsvResponse(context: Context, request: Request, file: string) {
  await requireStaff(request, rolesThatMay('prices.view'))
  const id = /^([a-z-]{1,40})\.csv$/.exec(file)?.[1]
  const notFound = () => data('Not found', { status: 404, headers: staffPageHeaders })
  if (!id) throw notFound()
  const reading = readReportPeriod(new URL(request.url).searchParams, new Date())
  if (!reading.ok) {
    throw data('Bad period', { status: 400, headers: staffPageHeaders })
  }
  const { period } = reading
  const input = await reportInput(await getDatabase(), period)
  const table = reportSections(input, wordsFor(context, request)).find(
    (section) => section.id === id,
  )
  if (!table) throw notFound()
  const name =
    id === 'revenue'
      ? `${id}-${period.from}-to-${period.to}-by-${period.by}.csv`
      : `${id}-${period.from}-to-${period.to}.csv`
  return new Response(sectionCsv(table), {
    headers: {
      ...staffPageHeaders,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  })
}
