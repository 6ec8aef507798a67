/**
 * What a driver is owed for a period of rides (docs/settlements.md), pure:
 * the rides they finished, each with what the traveller paid for it and how,
 * the tips given for it, and what the driver is paid for it, summed per
 * currency into the balance between the company and the driver.
 *
 * The balance of a currency is the driver's pay in it, plus the card tips the
 * company received for them, less the fares' cash the driver collected (cash
 * tips are in the driver's pocket already, and theirs). Positive: the company
 * owes the driver; negative: the driver owes the company.
 */

export type PayRuleKind = 'per_ride' | 'per_hour' | 'share'

/** The currency a pay by the ride or by the hour is in: the lira. */
export const PAY_CURRENCY = 'TRY'

/**
 * How the driver is paid: `amount` is kuruş per ride or per hour, or a
 * share's percent (1–100) of each ride's price, in the ride's own currency.
 */
export type PayRule = { kind: PayRuleKind; amount: number } | null

/** A tip given for the ride (`ride_tips`): only paid ones, for this driver, count. */
export interface SettlementTipInput {
  /** Who the tip is for, as recorded on the tip (not the ride's assignment). */
  driverId: number | null
  method: 'card' | 'cash'
  status: string
  amountMinor: number
  currency: string
}

export interface SettlementRideInput {
  reference: string
  /** The Istanbul day and time of the pickup. */
  pickupDate: string
  pickupTime: string
  /** The booking's currency: the fare, its cash and a share of it are in it. */
  currency: string
  /** The ride's price less its discount, in minor units of `currency`. */
  fareMinor: number
  /** The part of the fare the driver collected in cash (the rest of a deposit booking). */
  fareCashMinor: number
  /**
   * Waiting-time charges the driver collected in cash. None exist yet: the
   * waiting-time work fills this in, and it adds to the cash collected.
   */
  waitingCashMinor?: number
  /** Minutes driven: from "on board" to "finished", or the booked estimate. */
  minutes: number
  /** Where `minutes` came from: the ride's steps, or the booking's estimate (a step missing). */
  minutesSource: 'steps' | 'booked'
  /** The pay agreed for this job on the accepted offer, in kuruş: it overrides the rule. */
  offerPayMinor: number | null
  tips: SettlementTipInput[]
}

export interface SettlementInput {
  driverId: number
  rule: PayRule
  rides: SettlementRideInput[]
}

export type PayBasis = 'offer' | PayRuleKind

export interface SettlementRide {
  reference: string
  pickupDate: string
  pickupTime: string
  currency: string
  fareMinor: number
  /** Cash collected: the fare's cash and any waiting time's. */
  cashMinor: number
  minutes: number
  minutesSource: SettlementRideInput['minutesSource']
  /** Paid tips for this driver, each in its own currency (one ride's tips share one). */
  tips: { method: 'card' | 'cash'; amountMinor: number; currency: string }[]
  /** What the driver is paid for the ride; null: not set (no offer pay and no rule). */
  pay: { minor: number; currency: string; basis: PayBasis } | null
}

export interface CurrencyTotals {
  currency: string
  /** Rides driven whose price is in this currency. */
  rides: number
  fareMinor: number
  cashMinor: number
  cashTipsMinor: number
  cardTipsMinor: number
  payMinor: number
  /** pay + card tips − cash collected; null when some ride's pay is not set. */
  balanceMinor: number | null
}

export interface Settlement {
  rule: PayRule
  rides: SettlementRide[]
  /** One line per currency met, the lira first. */
  totals: CurrencyTotals[]
  /** Rides whose pay is not set: while any is, no balance is given. */
  ridesWithoutPay: number
}

/** A ride's pay: the offer's when agreed, else by the rule; null when neither says. */
export function ridePay(ride: SettlementRideInput, rule: PayRule): SettlementRide['pay'] {
  if (ride.offerPayMinor !== null) {
    return { minor: ride.offerPayMinor, currency: PAY_CURRENCY, basis: 'offer' }
  }
  if (!rule) return null
  switch (rule.kind) {
    case 'per_ride':
      return { minor: rule.amount, currency: PAY_CURRENCY, basis: 'per_ride' }
    case 'per_hour':
      return {
        minor: Math.round((rule.amount * ride.minutes) / 60),
        currency: PAY_CURRENCY,
        basis: 'per_hour',
      }
    case 'share':
      return {
        minor: Math.round((ride.fareMinor * rule.amount) / 100),
        currency: ride.currency,
        basis: 'share',
      }
  }
}

/** Whether a tip counts for this driver: paid (not pending, failed or refunded), and theirs. */
export function tipCounts(tip: SettlementTipInput, driverId: number): boolean {
  return tip.status === 'paid' && tip.driverId === driverId
}

function byCurrency(a: string, b: string) {
  if (a === b) return 0
  if (a === PAY_CURRENCY) return -1
  if (b === PAY_CURRENCY) return 1
  return a < b ? -1 : 1
}

/** The settlement of a driver's rides: each ride's figures, and the totals per currency. */
export function settle(input: SettlementInput): Settlement {
  const rides: SettlementRide[] = [...input.rides]
    .sort(
      (a, b) =>
        a.pickupDate.localeCompare(b.pickupDate) ||
        a.pickupTime.localeCompare(b.pickupTime) ||
        a.reference.localeCompare(b.reference),
    )
    .map((ride) => ({
      reference: ride.reference,
      pickupDate: ride.pickupDate,
      pickupTime: ride.pickupTime,
      currency: ride.currency,
      fareMinor: ride.fareMinor,
      cashMinor: ride.fareCashMinor + (ride.waitingCashMinor ?? 0),
      minutes: ride.minutes,
      minutesSource: ride.minutesSource,
      tips: ride.tips
        .filter((tip) => tipCounts(tip, input.driverId))
        .map((tip) => ({
          method: tip.method,
          amountMinor: tip.amountMinor,
          currency: tip.currency,
        })),
      pay: ridePay(ride, input.rule),
    }))

  const totals = new Map<string, CurrencyTotals>()
  const line = (currency: string) => {
    let found = totals.get(currency)
    if (!found) {
      found = {
        currency,
        rides: 0,
        fareMinor: 0,
        cashMinor: 0,
        cashTipsMinor: 0,
        cardTipsMinor: 0,
        payMinor: 0,
        balanceMinor: 0,
      }
      totals.set(currency, found)
    }
    return found
  }
  for (const ride of rides) {
    const own = line(ride.currency)
    own.rides += 1
    own.fareMinor += ride.fareMinor
    own.cashMinor += ride.cashMinor
    for (const tip of ride.tips) {
      const tips = line(tip.currency)
      if (tip.method === 'cash') tips.cashTipsMinor += tip.amountMinor
      else tips.cardTipsMinor += tip.amountMinor
    }
    if (ride.pay) line(ride.pay.currency).payMinor += ride.pay.minor
  }
  const ridesWithoutPay = rides.filter((ride) => ride.pay === null).length
  for (const total of totals.values()) {
    total.balanceMinor =
      ridesWithoutPay > 0 ? null : total.payMinor + total.cardTipsMinor - total.cashMinor
  }
  return {
    rule: input.rule,
    rides,
    totals: [...totals.values()].sort((a, b) => byCurrency(a.currency, b.currency)),
    ridesWithoutPay,
  }
}
