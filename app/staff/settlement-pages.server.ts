import { data, redirect } from 'react-router'
import { getDatabase } from '~/db/db.server'
import type { Language } from '~/i18n/config'
import type { Translate } from '~/booking/ride-label'
import type { PeriodError } from '~/domain/reports/report-period'
import { readSettlementPeriod } from '~/domain/settlements/settlement-period'
import { roleMay, rolesThatMay } from '~/domain/staff/roles'
import type { PayRule, Settlement, SettlementRide } from '~/domain/settlements/settlement'
import { driverOfAccount, findDriver, type DriverRow } from '~/dispatch/drivers.server'
import {
  currentSettlement,
  markSettled,
  payRuleOf,
  storedSettlement,
  type SettlementPeriod,
} from '~/settlements/settlements.server'
import { formatDate, formatMoney } from '~/utils/format'
import { logger } from '~/utils/logger.server'
import { pageContext } from '~/utils/page-context.server'
import { csvAmount, csvField } from './board-exports.server'
import { idParam, notFound, requireDispatcher, type Context } from './dispatch-shared.server'
import { forbidden, refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'
import { instantFormatter, staffMeta } from './ops-pages.server'

/**
 * What a driver is owed for a period (docs/settlements.md): the settlement
 * page of one driver for dispatch (/ops/drivers/:id/settlement), its CSV,
 * an admin's "Mark as settled", and the driver's own settlement
 * (/ops/jobs/settlement), theirs only.
 */

/** The query string of a period: '?from=2026-11-30&to=2026-12-06'. */
function periodQuery(period: SettlementPeriod) {
  return `?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`
}

function money(language: Language) {
  return (minor: number, currency: string) =>
    formatMoney(minor / 100, currency, language, { minimumFractionDigits: 2 })
}

/** Minutes as hours and minutes on a clock: 90 → '1:30'. */
function duration(minutes: number) {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

/** The driver's pay rule in words: '₺450.00 per ride', '30% of each ride's price', 'Not set'. */
export function payRuleText(t: Translate, language: Language, rule: PayRule): string {
  if (!rule) return t('ops.settlements.ruleNotSet')
  if (rule.kind === 'share') return t('ops.settlements.ruleText.share', { percent: rule.amount })
  return t(`ops.settlements.ruleText.${rule.kind}`, {
    amount: money(language)(rule.amount, 'TRY'),
  })
}

/** How a ride's pay was reached, in words. */
function payNote(t: Translate, ride: SettlementRide): string {
  if (!ride.pay) return t('ops.settlements.payNotSetNote')
  if (ride.pay.basis === 'per_hour') {
    return t(
      ride.minutesSource === 'steps'
        ? 'ops.settlements.basis.perHourSteps'
        : 'ops.settlements.basis.perHourBooked',
      { duration: duration(ride.minutes) },
    )
  }
  return t(`ops.settlements.basis.${ride.pay.basis}`)
}

/** One sentence per currency: who owes whom how much, by name. */
export function balanceSentence(
  t: Translate,
  language: Language,
  name: string,
  currency: string,
  balanceMinor: number,
) {
  const amount = money(language)(Math.abs(balanceMinor), currency)
  if (balanceMinor > 0) return t('ops.settlements.balance.companyOwes', { name, amount })
  if (balanceMinor < 0) return t('ops.settlements.balance.driverOwes', { name, amount })
  return t('ops.settlements.balance.even', { currency })
}

/** The settlement as the pages show it, in the page's language. */
export function settlementView(
  t: Translate,
  language: Language,
  name: string,
  settlement: Settlement,
  linkRides: boolean,
) {
  const format = money(language)
  const tipsOf = (ride: SettlementRide, method: 'card' | 'cash') => {
    const minor = ride.tips
      .filter((tip) => tip.method === method)
      .reduce((sum, tip) => sum + tip.amountMinor, 0)
    return minor === 0 ? '–' : format(minor, ride.currency)
  }
  return {
    rule: payRuleText(t, language, settlement.rule),
    rides: settlement.rides.map((ride) => ({
      reference: ride.reference,
      href: linkRides ? `/ops/bookings/${encodeURIComponent(ride.reference)}` : null,
      pickup: `${formatDate(ride.pickupDate, language)}, ${ride.pickupTime}`,
      fare: format(ride.fareMinor, ride.currency),
      cash: ride.cashMinor === 0 ? '–' : format(ride.cashMinor, ride.currency),
      cashTips: tipsOf(ride, 'cash'),
      cardTips: tipsOf(ride, 'card'),
      pay: ride.pay ? format(ride.pay.minor, ride.pay.currency) : t('ops.settlements.payNotSet'),
      payNote: payNote(t, ride),
    })),
    totals: settlement.totals.map((total) => ({
      currency: total.currency,
      rides: total.rides,
      fare: format(total.fareMinor, total.currency),
      cash: format(total.cashMinor, total.currency),
      cashTips: format(total.cashTipsMinor, total.currency),
      cardTips: format(total.cardTipsMinor, total.currency),
      pay: format(total.payMinor, total.currency),
      balance: total.balanceMinor === null ? null : format(total.balanceMinor, total.currency),
    })),
    balances:
      settlement.ridesWithoutPay > 0
        ? []
        : settlement.totals.map((total) =>
            balanceSentence(t, language, name, total.currency, total.balanceMinor ?? 0),
          ),
    ridesWithoutPay: settlement.ridesWithoutPay,
  }
}

export type SettlementView = ReturnType<typeof settlementView>

const settleNotices = ['settled', 'already', 'payNotSet', 'nothing'] as const
type SettleNotice = (typeof settleNotices)[number]

/**
 * A driver's settlement for a period, as stored when it was settled, else as
 * the rides stand now; with the period's form values and errors.
 */
async function settlementPage(
  context: Context,
  request: Request,
  driver: DriverRow,
  linkRides: boolean,
) {
  const { t, language } = pageContext(context, request)
  const url = new URL(request.url)
  const reading = readSettlementPeriod(url.searchParams, new Date())
  const errorText = (error: PeriodError | undefined) =>
    error ? t(`ops.settlements.period.errors.${error}`) : null
  if (!reading.ok) {
    return {
      form: reading.typed,
      errors: { from: errorText(reading.errors.from), to: errorText(reading.errors.to) },
      period: null,
      heading: null,
      view: null,
      settled: null,
    }
  }
  const { period } = reading
  const { db } = await getDatabase()
  const stored = await storedSettlement(db, driver.id, period)
  const figures = stored?.figures ?? (await currentSettlement(db, driver, period))
  const at = instantFormatter(language)
  return {
    form: period,
    errors: { from: null, to: null },
    period,
    heading: t('ops.settlements.periodHeading', {
      from: formatDate(period.from, language),
      to: formatDate(period.to, language),
    }),
    view: settlementView(t, language, driver.name, figures, linkRides),
    settled: stored
      ? t('ops.settlements.settledBy', { at: at(stored.settledAt), name: stored.settledBy ?? '–' })
      : null,
  }
}

/** /ops/drivers/:id/settlement: any driver's, for admins and dispatchers. */
export async function driverSettlementPageData(
  context: Context,
  request: Request,
  id: string | undefined,
) {
  const staff = await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const driver = await findDriver((await getDatabase()).db, idParam(id))
  if (!driver) throw notFound()
  const page = await settlementPage(context, request, driver, true)
  const done = new URL(request.url).searchParams.get('done')
  return data(
    {
      meta: staffMeta(context, request, t('ops.settlements.title', { name: driver.name })),
      driver: { id: driver.id, name: driver.name },
      rule: payRuleText(t, pageContext(context, request).language, payRuleOf(driver)),
      ...page,
      csvHref: page.period
        ? `/ops/drivers/${driver.id}/settlement.csv${periodQuery(page.period)}`
        : null,
      maySettle: roleMay(staff.account.role, 'drivers.settle'),
      notice: (settleNotices as readonly string[]).includes(done ?? '')
        ? (done as SettleNotice)
        : null,
    },
    { headers: staffPageHeaders },
  )
}

/**
 * "Mark as settled": an admin's only (a dispatcher's POST is refused, 403),
 * once per driver and period; back to the page saying what happened.
 */
export async function driverSettlementAction(
  context: Context,
  request: Request,
  id: string | undefined,
) {
  const staff = await requireStaff(request, rolesThatMay('drivers.settle'))
  refuseCrossOrigin(request)
  const driverId = idParam(id)
  const form = await request.formData()
  if (form.get('intent') !== 'settle') {
    throw data('Unknown action', { status: 400, headers: staffPageHeaders })
  }
  const reading = readSettlementPeriod(
    new URLSearchParams({
      from: String(form.get('from') ?? '').slice(0, 20),
      to: String(form.get('to') ?? '').slice(0, 20),
    }),
    new Date(),
  )
  if (!reading.ok || !form.get('from') || !form.get('to')) {
    throw data('Bad period', { status: 400, headers: staffPageHeaders })
  }
  const { period } = reading
  const outcome = await markSettled(
    await getDatabase(),
    { driverId, period, accountId: staff.account.id },
    new Date(),
  )
  if (outcome.kind === 'notFound') throw notFound()
  if (outcome.kind === 'settled') {
    logger.info('driver.settled', {
      driver: driverId,
      from: period.from,
      to: period.to,
      rides: outcome.figures.rides.length,
      by: staff.account.id,
    })
  }
  const query = new URLSearchParams({ from: period.from, to: period.to, done: outcome.kind })
  return redirect(`/ops/drivers/${driverId}/settlement?${query.toString()}#ops-settlement-state`, {
    status: 303,
    headers: staffPageHeaders,
  })
}

/** /ops/drivers/:id/settlement.csv: the same figures, one line per ride, then the totals. */
export async function driverSettlementCsv(
  context: Context,
  request: Request,
  id: string | undefined,
) {
  await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const { db } = await getDatabase()
  const driver = await findDriver(db, idParam(id))
  if (!driver) throw notFound()
  const reading = readSettlementPeriod(new URL(request.url).searchParams, new Date())
  if (!reading.ok) throw data('Bad period', { status: 400, headers: staffPageHeaders })
  const { period } = reading
  const stored = await storedSettlement(db, driver.id, period)
  const figures = stored?.figures ?? (await currentSettlement(db, driver, period))
  const column = (key: string) => csvField(t(`ops.settlements.columns.${key}`))
  const header = [
    'reference',
    'pickupDate',
    'pickupTime',
    'currency',
    'fare',
    'cash',
    'cashTips',
    'cardTips',
    'pay',
    'payCurrency',
    'balance',
  ].map(column)
  const tipsOf = (ride: SettlementRide, method: 'card' | 'cash') =>
    ride.tips.filter((tip) => tip.method === method).reduce((sum, tip) => sum + tip.amountMinor, 0)
  const lines = figures.rides.map((ride) =>
    [
      csvField(ride.reference),
      csvField(ride.pickupDate),
      csvField(ride.pickupTime),
      csvField(ride.currency),
      csvAmount(ride.fareMinor),
      csvAmount(ride.cashMinor),
      csvAmount(tipsOf(ride, 'cash')),
      csvAmount(tipsOf(ride, 'card')),
      ride.pay ? csvAmount(ride.pay.minor) : '',
      csvField(ride.pay?.currency),
      '',
    ].join(','),
  )
  const totals = figures.totals.map((total) =>
    [
      csvField(t('ops.settlements.total')),
      '',
      '',
      csvField(total.currency),
      csvAmount(total.fareMinor),
      csvAmount(total.cashMinor),
      csvAmount(total.cashTipsMinor),
      csvAmount(total.cardTipsMinor),
      csvAmount(total.payMinor),
      csvField(total.currency),
      total.balanceMinor === null ? '' : csvAmount(total.balanceMinor),
    ].join(','),
  )
  const body = [header.join(','), ...lines, ...totals].join('\r\n')
  return new Response(`\uFEFF${body}\r\n`, {
    headers: {
      ...staffPageHeaders,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="settlement-${driver.id}-${period.from}-to-${period.to}.csv"`,
    },
  })
}

/**
 * /ops/jobs/settlement: the signed-in driver's own settlement, their driver
 * record's only (no driver is named in the address, so no other can be asked for).
 */
export async function ownSettlementPageData(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('jobs.own'))
  const { t } = pageContext(context, request)
  const driver = await driverOfAccount((await getDatabase()).db, staff.account.id)
  if (!driver) throw forbidden()
  const page = await settlementPage(context, request, driver, false)
  return data(
    {
      meta: staffMeta(context, request, t('ops.settlements.own.title')),
      driver: { id: driver.id, name: driver.name },
      rule: payRuleText(t, pageContext(context, request).language, payRuleOf(driver)),
      ...page,
    },
    { headers: staffPageHeaders },
  )
}
