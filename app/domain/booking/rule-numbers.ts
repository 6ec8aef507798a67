import { FREE_CANCELLATION_HOURS } from './cancellation'
import { DEPOSIT_SHARE } from './payment-split'
import { QUOTE_VALID_MINUTES } from './quote-hold'

const depositPercent = Math.round(DEPOSIT_SHARE * 100)

/**
 * The numbers of the booking rules that texts state, read from the constants
 * the rules are made of, so a text can never promise another number than the
 * code keeps. No text writes them: the interface strings name them
 * `{{changeWindowHours}}` (i18next's default variables, app/i18n/interpolation.ts),
 * the content files `{changeWindowHours}` (fillPlaceholders in app/config/site.ts).
 */
export const ruleNumbers = {
  /** Free cancellation and changes online end this many hours before pickup. */
  changeWindowHours: FREE_CANCELLATION_HOURS,
  /** The card deposit, in per cent of the price. */
  depositPercent,
  /** What the driver collects in cash after a deposit, in per cent of the price. */
  cashPercent: 100 - depositPercent,
  /** How long the vehicle step's price holds, in minutes. */
  priceHoldMinutes: QUOTE_VALID_MINUTES,
} as const
