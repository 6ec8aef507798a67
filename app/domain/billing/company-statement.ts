/**
 * A company's monthly statement, worked out from its rides: pure arithmetic,
 * no I/O (the store reads the rides, app/companies/company-statements.server.ts).
 *
 * - A ride counts in the Istanbul month of its pickup date, once it was
 *   confirmed. Its amount is what the company was priced, in euro cents
 *   (`total_minor - discount_minor`: partner bookings are always in euros).
 * - A commission company earns `rate_percent` of each ride not cancelled,
 *   rounded to the cent ride by ride; a net-rate company earns nothing here,
 *   its discount is already in the amount.
 * - On account due: the rides settled on account and not cancelled, plus
 *   what was kept of cancelled on-account rides. Paid by card: the card rides
 *   not cancelled, plus what was kept of cancelled card rides.
 * - The balance is what the company owes us for the month: on account due,
 *   less the commission for a commission company (negative when we owe it).
 */

/** How a company earns: a commission on our prices, or net rates below them. */
export type StatementRateKind = 'commission' | 'net'
/** How a ride was settled: by card, or on the company's account. */
export type StatementSettlement = 'card' | 'account'

export interface StatementRide {
  reference: string
  pickupDate: string
  pickupTime: string
  from: string
  to: string
  vehicleClass: string
  guestName: string
  settlement: StatementSettlement
  /** Euro cents. */
  amountCents: number
  cancelled: boolean
  /** A cancelled ride: the part of its amount kept (the fee); 0 when all was given back. */
  keptCents: number
}

export interface StatementLine extends StatementRide {
  /** The company's commission on this ride (0 for net rates and cancelled rides). */
  commissionCents: number
}

export interface StatementTotals {
  /** The rides not cancelled. */
  ridesCents: number
  onAccountDueCents: number
  paidByCardCents: number
  commissionCents: number
  /** Fees kept on cancelled rides, both settlements. */
  keptCents: number
  balanceCents: number
}

export interface Statement {
  rides: StatementLine[]
  cancellations: StatementLine[]
  totals: StatementTotals
}

/** The commission on one ride's amount, rounded half up to the cent. */
export function rideCommission(amountCents: number, ratePercent: number): number {
  return Math.round((amountCents * ratePercent) / 100)
}

export function companyStatement(
  company: { rateKind: StatementRateKind; ratePercent: number },
  rides: readonly StatementRide[],
): Statement {
  const lines = rides.map((ride) => ({
    ...ride,
    commissionCents:
      company.rateKind === 'commission' && !ride.cancelled
        ? rideCommission(ride.amountCents, company.ratePercent)
        : 0,
  }))
  const kept = lines.filter((line) => !line.cancelled)
  const cancellations = lines.filter((line) => line.cancelled)
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  const onAccountDueCents =
    sum(kept.filter((line) => line.settlement === 'account').map((line) => line.amountCents)) +
    sum(cancellations.filter((line) => line.settlement === 'account').map((line) => line.keptCents))
  const paidByCardCents =
    sum(kept.filter((line) => line.settlement === 'card').map((line) => line.amountCents)) +
    sum(cancellations.filter((line) => line.settlement === 'card').map((line) => line.keptCents))
  const commissionCents = sum(kept.map((line) => line.commissionCents))
  return {
    rides: kept,
    cancellations,
    totals: {
      ridesCents: sum(kept.map((line) => line.amountCents)),
      onAccountDueCents,
      paidByCardCents,
      commissionCents,
      keptCents: sum(cancellations.map((line) => line.keptCents)),
      balanceCents: onAccountDueCents - commissionCents,
    },
  }
}

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/

/** Whether `text` is a month as the statement pages name it: YYYY-MM. */
export function isStatementMonth(text: string | undefined): text is string {
  return text !== undefined && monthPattern.test(text)
}

/** The first day of the month and of the next one (YYYY-MM-DD), for a pickup-date range. */
export function monthDays(month: string): { first: string; next: string } {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const nextMonth =
    number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`
  return { first: `${month}-01`, next: `${nextMonth}-01` }
}
