/**
 * The card deposit of the company's first price list, in per cent. Its own
 * module so that the texts' default (which the browser bundle carries) does not
 * pull the whole first price list in with it.
 */
export const FIRST_DEPOSIT_PERCENT = 30
