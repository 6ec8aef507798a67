/**
 * The VAT an invoice shows: the price a traveller sees is
 * final and already contains 20 % VAT, so the invoice splits the total into
 * its net part and the VAT inside it. It never adds VAT on top.
 */
export const VAT_PERCENT = 20

/**
 * Net and VAT contained in a total, in integer minor units: the net is the
 * total divided by 1.2, rounded once (half up); the VAT is the exact rest, so
 * the two always add up to the total.
 */
export function containedVat(totalMinor: number): { netMinor: number; vatMinor: number } {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) {
    throw new RangeError(`a total in minor units must be a whole number ≥ 0, got ${totalMinor}`)
  }
  // total × 100 / 120 is exact up to the last bit, so a half stays a half and rounds up.
  const netMinor = Math.round((totalMinor * 100) / (100 + VAT_PERCENT))
  return { netMinor, vatMinor: totalMinor - netMinor }
}
