import { FIRST_DEPOSIT_PERCENT } from '~/domain/pricing/first-deposit'
import { FREE_CANCELLATION_HOURS } from './cancellation'
import { QUOTE_VALID_MINUTES } from './quote-hold'

/**
 * Where the texts read the deposit share from: the price list in force, once
 * the server's price lists are loaded (app/pricing/prices-in-force.server.ts
 * installs it); before that, and in the browser and unit tests, the first price
 * list's.
 */
let depositPercentNow: () => number = () => FIRST_DEPOSIT_PERCENT

export function readDepositPercentFrom(source: () => number): void {
  depositPercentNow = source
}

/**
 * The numbers of the booking rules that texts state, read from the constants
 * the rules are made of, so a text can never promise another number than the
 * code keeps. No text writes them: the interface strings name them
 * `{{changeWindowHours}}` (i18next's default variables, app/i18n/interpolation.ts),
 * the content files `{changeWindowHours}` (fillPlaceholders in app/config/site.ts).
 * The deposit's figures are getters: a published price list can change them,
 * and every text rendered from then on states the new figure.
 */
export const ruleNumbers = {
  /** Free cancellation and changes online end this many hours before pickup. */
  changeWindowHours: FREE_CANCELLATION_HOURS,
  /** The card deposit, in per cent of the price. */
  get depositPercent() {
    return depositPercentNow()
  },
  /** What the driver collects in cash after a deposit, in per cent of the price. */
  get cashPercent() {
    return 100 - depositPercentNow()
  },
  /** How long the vehicle step's price holds, in minutes. */
  priceHoldMinutes: QUOTE_VALID_MINUTES,
}
