import { EXTRA_ITEM_CENTS } from '~/domain/pricing/tariff'

/**
 * The extras a traveller can add: a child seat and a booster
 * seat, 7 EUR each. Titles and descriptions live in the translation files under
 * `booking.extras.items.<code>`.
 */
export const extraCodes = ['childSeat', 'boosterSeat'] as const
export type ExtraCode = (typeof extraCodes)[number]

export const extraUnitCents: Record<ExtraCode, number> = {
  childSeat: EXTRA_ITEM_CENTS,
  boosterSeat: EXTRA_ITEM_CENTS,
}
