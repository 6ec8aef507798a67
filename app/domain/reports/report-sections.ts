import { istanbulDate } from '~/domain/booking-window'
import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { currencies, type Currency } from '~/domain/money/currency'
import { standsPaid, type ReportRefund, type ReportRide } from './report-money'

/**
 * The reports' arithmetic, pure: rides and refunds in, rows out. The rows of
 * a period are few (a year of rides is a few thousand), so they are grouped
 * here rather than in SQL, where SQLite and PostgreSQL group dates differently.
 */

export const reportGroupings = ['day', 'week', 'month'] as const
export type ReportGrouping = (typeof reportGroupings)[number]

export function isReportGrouping(value: unknown): value is ReportGrouping {
  return typeof value === 'string' && (reportGroupings as readonly string[]).includes(value)
}

/**
 * The period a calendar day falls in: the day itself ('2026-11-27'), its ISO
 * week, which starts on Monday and belongs to the year of its Thursday
 * ('2026-W48'), or its month ('2026-11').
 */
export function periodOf(day: string, by: ReportGrouping): string {
  if (by === 'day') return day
  if (by === 'month') return day.slice(0, 7)
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const at = new Date(Date.UTC(year, month - 1, date))
  const weekday = at.getUTCDay() || 7
  // The Thursday of the same week decides its year and number.
  at.setUTCDate(at.getUTCDate() + 4 - weekday)
  const weekYear = at.getUTCFullYear()
  const week = Math.ceil(((at.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7)
  return `${weekYear}-W${String(week).padStart(2, '0')}`
}

/** The Istanbul calendar day a ride counts on: the day it was paid. */
export function paidDay(ride: Pick<ReportRide, 'paidAt'>): string {
  return istanbulDate(new Date(ride.paidAt))
}

/** Rides and what they came to: what the company was paid, after any discount, and the discounts. */
export interface MoneyTotals {
  rides: number
  discountMinor: number
  totalMinor: number
  cardMinor: number
  cashMinor: number
  euroCents: number
}

const noMoney = (): MoneyTotals => ({
  rides: 0,
  discountMinor: 0,
  totalMinor: 0,
  cardMinor: 0,
  cashMinor: 0,
  euroCents: 0,
})

function addRide(totals: MoneyTotals, ride: ReportRide) {
  totals.rides += 1
  totals.discountMinor += ride.discountMinor
  totals.totalMinor += ride.totalMinor
  totals.cardMinor += ride.cardMinor
  totals.cashMinor += ride.cashMinor
  totals.euroCents += ride.euroCents
}

const currencyOrder = (currency: string) => {
  const index = (currencies as readonly string[]).indexOf(currency)
  return index < 0 ? currencies.length : index
}

/** Sums rides into one row per key, in first-seen order of `keyOf`. */
function sumBy<K extends string>(rides: readonly ReportRide[], keyOf: (ride: ReportRide) => K) {
  const rows = new Map<string, { key: K; currency: Currency } & MoneyTotals>()
  for (const ride of rides) {
    const key = keyOf(ride)
    const id = `${key}|${ride.currency}`
    let row = rows.get(id)
    if (!row) rows.set(id, (row = { key, currency: ride.currency, ...noMoney() }))
    addRide(row, ride)
  }
  return [...rows.values()]
}

/** The rides that earned: paid in the period and still standing (not cancelled since). */
export function earningRides(rides: readonly ReportRide[]): ReportRide[] {
  return rides.filter((ride) => standsPaid(ride.status))
}

export type RevenueRow = { period: string; currency: Currency } & MoneyTotals

/** Revenue per period and currency, periods in order, then currencies in their usual order. */
export function revenueByPeriod(rides: readonly ReportRide[], by: ReportGrouping): RevenueRow[] {
  return sumBy(earningRides(rides), (ride) => periodOf(paidDay(ride), by))
    .map(({ key, ...row }) => ({ period: key, ...row }))
    .sort(
      (a, b) =>
        a.period.localeCompare(b.period) || currencyOrder(a.currency) - currencyOrder(b.currency),
    )
}

export type CurrencyTotalRow = { currency: Currency } & MoneyTotals

/** The whole period's revenue per currency (the revenue tables' last rows). */
export function revenueTotals(rides: readonly ReportRide[]): CurrencyTotalRow[] {
  return sumBy(earningRides(rides), () => 'all')
    .map(({ key: _all, ...row }) => row)
    .sort((a, b) => currencyOrder(a.currency) - currencyOrder(b.currency))
}

export type ClassRow = { vehicleClass: VehicleClassCode } & CurrencyTotalRow

/** Revenue per vehicle class and currency, classes in the fleet's order. */
export function revenueByClass(rides: readonly ReportRide[]): ClassRow[] {
  const classOrder = (code: string) => vehicleClassCodes.indexOf(code as VehicleClassCode)
  return sumBy(earningRides(rides), (ride) => ride.vehicleClass)
    .map(({ key, ...row }) => ({ vehicleClass: key, ...row }))
    .sort(
      (a, b) =>
        classOrder(a.vehicleClass) - classOrder(b.vehicleClass) ||
        currencyOrder(a.currency) - currencyOrder(b.currency),
    )
}

export type PromoRow = { code: string } & CurrencyTotalRow

/**
 * Revenue per promo code and currency, what each code took off beside what
 * its rides brought in (after the discount), codes in alphabetical order.
 */
export function revenueByPromoCode(rides: readonly ReportRide[]): PromoRow[] {
  const withCode = earningRides(rides).filter((ride) => ride.promoCode !== null)
  return sumBy(withCode, (ride) => ride.promoCode!)
    .map(({ key, ...row }) => ({ code: key, ...row }))
    .sort(
      (a, b) =>
        a.code.localeCompare(b.code) || currencyOrder(a.currency) - currencyOrder(b.currency),
    )
}

export interface CancellationRow {
  currency: Currency
  cancelled: number
  byTraveller: number
  byStaff: number
  /** What the card had taken for these rides (refunds are in their own section). */
  cardMinor: number
  /** What the cancelled rides had been priced at, in euro cents. */
  euroCents: number
}

/** Rides paid in the period and cancelled since, per currency. */
export function cancellations(rides: readonly ReportRide[]): CancellationRow[] {
  const rows = new Map<Currency, CancellationRow>()
  for (const ride of rides) {
    if (ride.status !== 'cancelled') continue
    let row = rows.get(ride.currency)
    if (!row) {
      row = {
        currency: ride.currency,
        cancelled: 0,
        byTraveller: 0,
        byStaff: 0,
        cardMinor: 0,
        euroCents: 0,
      }
      rows.set(ride.currency, row)
    }
    row.cancelled += 1
    if (ride.cancelledBy === 'traveller') row.byTraveller += 1
    if (ride.cancelledBy === 'staff') row.byStaff += 1
    row.cardMinor += ride.cardMinor
    row.euroCents += ride.euroCents
  }
  return [...rows.values()].sort((a, b) => currencyOrder(a.currency) - currencyOrder(b.currency))
}

const refundRequesters = ['traveller', 'staff', 'job'] as const
const refundStates = ['succeeded', 'requested', 'failed'] as const

export interface RefundRow {
  currency: string
  requester: ReportRefund['requester']
  status: ReportRefund['status']
  refunds: number
  amountMinor: number
}

/** Refunds per currency, by who asked and where they stand (given back, pending, failed). */
export function refundsByRequester(refunds: readonly ReportRefund[]): RefundRow[] {
  const rows = new Map<string, RefundRow>()
  for (const refund of refunds) {
    const id = `${refund.currency}|${refund.requester}|${refund.status}`
    let row = rows.get(id)
    if (!row) {
      row = { ...refund, refunds: 0, amountMinor: 0 }
      rows.set(id, row)
    }
    row.refunds += 1
    row.amountMinor += refund.amountMinor
  }
  return [...rows.values()]
    .map(({ currency, requester, status, refunds, amountMinor }) => ({
      currency,
      requester,
      status,
      refunds,
      amountMinor,
    }))
    .sort(
      (a, b) =>
        currencyOrder(a.currency) - currencyOrder(b.currency) ||
        refundRequesters.indexOf(a.requester) - refundRequesters.indexOf(b.requester) ||
        refundStates.indexOf(a.status) - refundStates.indexOf(b.status),
    )
}

/** How long before the pickup a ride was booked, in buckets whose upper bounds are hours. */
export const leadTimeBuckets = [
  { code: 'under24h', belowHours: 24 },
  { code: 'days1to3', belowHours: 72 },
  { code: 'days3to7', belowHours: 168 },
  { code: 'weeks1to4', belowHours: 672 },
  { code: 'longer', belowHours: Infinity },
] as const
export type LeadTimeBucket = (typeof leadTimeBuckets)[number]['code']

export interface LeadTimes {
  buckets: { bucket: LeadTimeBucket; rides: number }[]
  /** The median lead time in hours (one decimal), null without rides. */
  medianHours: number | null
}

/** The lead times of the rides that earned (a cancelled ride is no ride driven). */
export function leadTimes(rides: readonly ReportRide[]): LeadTimes {
  const hours = earningRides(rides)
    .map((ride) => (Date.parse(ride.pickupAt) - Date.parse(ride.paidAt)) / 3_600_000)
    .sort((a, b) => a - b)
  const buckets = leadTimeBuckets.map(({ code }) => ({ bucket: code, rides: 0 }))
  for (const lead of hours) {
    const index = leadTimeBuckets.findIndex(({ belowHours }) => lead < belowHours)
    buckets[index]!.rides += 1
  }
  if (hours.length === 0) return { buckets, medianHours: null }
  const middle = Math.floor(hours.length / 2)
  const median = hours.length % 2 ? hours[middle]! : (hours[middle - 1]! + hours[middle]!) / 2
  return { buckets, medianHours: Math.round(median * 10) / 10 }
}

export interface ChannelRow {
  /** The partner company that booked, or null for the site's own travellers. */
  company: string | null
  rides: number
  euroCents: number
}

/**
 * Earning rides by where they were booked: the website first, then each
 * partner company, most rides first (then by name). Summed in euros, so
 * companies paying in different currencies compare.
 */
export function ridesByChannel(rides: readonly ReportRide[]): ChannelRow[] {
  const rows = new Map<string | null, ChannelRow>()
  for (const ride of earningRides(rides)) {
    const key = ride.partnerCompany
    let row = rows.get(key)
    if (!row) rows.set(key, (row = { company: key, rides: 0, euroCents: 0 }))
    row.rides += 1
    row.euroCents += ride.euroCents
  }
  return [...rows.values()].sort((a, b) =>
    a.company === null
      ? -1
      : b.company === null
        ? 1
        : b.rides - a.rides || a.company.localeCompare(b.company),
  )
}

/** A review written in the period: when, and its three scores. */
export interface ReportReview {
  writtenAt: string
  driver: number
  car: number
  punctuality: number
}

export interface ReviewPeriodRow {
  period: string
  reviews: number
  /** Means to one decimal: of the overall scores, then of each question. */
  average: number
  driver: number
  car: number
  punctuality: number
}

const tenth = (value: number) => Math.round(value * 10) / 10

/** Reviews per period of the day they were written (Istanbul), periods in order. */
export function reviewsByPeriod(
  reviews: readonly ReportReview[],
  by: ReportGrouping,
): ReviewPeriodRow[] {
  const sums = new Map<
    string,
    { reviews: number; driver: number; car: number; punctuality: number }
  >()
  for (const review of reviews) {
    const period = periodOf(istanbulDate(new Date(review.writtenAt)), by)
    let sum = sums.get(period)
    if (!sum) sums.set(period, (sum = { reviews: 0, driver: 0, car: 0, punctuality: 0 }))
    sum.reviews += 1
    sum.driver += review.driver
    sum.car += review.car
    sum.punctuality += review.punctuality
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, sum]) => ({
      period,
      reviews: sum.reviews,
      average: tenth((sum.driver + sum.car + sum.punctuality) / (3 * sum.reviews)),
      driver: tenth(sum.driver / sum.reviews),
      car: tenth(sum.car / sum.reviews),
      punctuality: tenth(sum.punctuality / sum.reviews),
    }))
}
