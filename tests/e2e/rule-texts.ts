import { ruleNumbers } from '../../app/domain/booking/rule-numbers'

/**
 * The booking rules as the pages state them, with the numbers the domain
 * holds: a spec never writes '24 hours' or '30%' itself, so it checks that
 * the page says what the rules are, whatever they become.
 */
export const { changeWindowHours: windowHours, priceHoldMinutes } = ruleNumbers

/** The deposit option's name in each language. */
export const depositCash = {
  en: `${ruleNumbers.depositPercent}% Deposit + Cash`,
  tr: `%${ruleNumbers.depositPercent} Ön Ödeme + Nakit`,
} as const
