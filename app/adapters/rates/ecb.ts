import { currencies, type RatesSnapshot } from '~/domain/money/currency'

/**
 * Reads the ECB's daily reference-rate XML (eurofxref-daily.xml):
 * <Cube time="2026-11-20"><Cube currency="USD" rate="1.1612"/>…</Cube>.
 * Throws when the date or one of our currencies is missing.
 */
export function parseEcbRates(xml: string): RatesSnapshot {
  const date = xml.match(/<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/)?.[1]
  if (!date) throw new Error('ECB rates: no date in the answer')
  const rates = { EUR: 1 } as RatesSnapshot['rates']
  for (const currency of currencies) {
    if (currency === 'EUR') continue
    const match = xml.match(new RegExp(`currency=['"]${currency}['"]\\s+rate=['"]([\\d.]+)['"]`))
    const rate = match ? Number(match[1]) : NaN
    if (!Number.isFinite(rate) || rate <= 0) throw new Error(`ECB rates: no rate for ${currency}`)
    rates[currency] = rate
  }
  return { date, rates, source: 'ecb' }
}
