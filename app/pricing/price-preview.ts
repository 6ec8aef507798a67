import { builtinDistance } from '~/domain/distance/distance'
import { placeById, priceEntry } from '~/domain/places/gazetteer'
import { quoteClasses } from '~/domain/pricing/quote'
import { quoteHourly } from '~/domain/pricing/hourly'
import type { CompiledPriceList } from '~/domain/pricing/price-list'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'

/**
 * The searches an admin checks a draft against before publishing it: one of
 * each rule (airport fares in and out of the peak windows, airport to airport,
 * within the city, intercity, the far flat fares, hire by the hour) and the
 * extras, each priced by the list in force and by the draft, side by side.
 * Distances are the built-in ones, so the preview needs no provider.
 */
export type SampleSearch =
  | { kind: 'transfer'; id: string; from: number; to: number; time: string }
  | { kind: 'hourly'; id: string; from: number; hours: number }
  | { kind: 'extra'; id: string; extra: 'childSeat' | 'boosterSeat' }

export const sampleSearches: SampleSearch[] = [
  { kind: 'transfer', id: 'istBeyoglu', from: 1, to: 1012, time: '10:00' },
  { kind: 'transfer', id: 'istBeyogluPeak', from: 1, to: 1012, time: '17:30' },
  { kind: 'transfer', id: 'sawKadikoy', from: 2, to: 1022, time: '10:00' },
  { kind: 'transfer', id: 'sawKadikoyPeak', from: 2, to: 1022, time: '18:00' },
  { kind: 'transfer', id: 'beyogluIst', from: 1012, to: 1, time: '06:00' },
  { kind: 'transfer', id: 'sawSile', from: 2, to: 1033, time: '12:00' },
  { kind: 'transfer', id: 'istSaw', from: 1, to: 2, time: '12:00' },
  { kind: 'transfer', id: 'besiktasKadikoy', from: 1009, to: 1022, time: '12:00' },
  { kind: 'transfer', id: 'fatihBursa', from: 1019, to: 2000, time: '09:00' },
  { kind: 'transfer', id: 'istAntalya', from: 1, to: 2007, time: '09:00' },
  { kind: 'hourly', id: 'hourly4', from: 1022, hours: 4 },
  { kind: 'extra', id: 'childSeat', extra: 'childSeat' },
  { kind: 'extra', id: 'boosterSeat', extra: 'boosterSeat' },
]

/** One sample's four class prices in euro cents (0: not sold). */
export function samplePrices(
  sample: SampleSearch,
  prices: CompiledPriceList,
  roadFactor: number,
): Record<VehicleClassCode, number> {
  const byClass = (quotes: { code: VehicleClassCode; cents: number }[]) =>
    Object.fromEntries(quotes.map((quote) => [quote.code, quote.cents])) as Record<
      VehicleClassCode,
      number
    >
  if (sample.kind === 'extra') {
    const cents = prices.list.extraCents[sample.extra]
    return { ECOMNVN: cents, LUXMNVN: cents, ECOMNBS: cents, LUXMNBS: cents }
  }
  if (sample.kind === 'hourly') return byClass(quoteHourly({ hours: sample.hours }, prices.list))
  const pickup = placeById(sample.from)!
  const destination = placeById(sample.to)!
  const { km } = builtinDistance(pickup, destination, priceEntry, roadFactor)
  return byClass(
    quoteClasses({ pickup, destination, distanceKm: km, pickupTime: sample.time, prices }),
  )
}

export interface PreviewRow {
  sample: SampleSearch
  current: Record<VehicleClassCode, number>
  draft: Record<VehicleClassCode, number>
}

/** Every sample priced by the list in force and by the draft. */
export function previewRows(
  current: CompiledPriceList,
  draft: CompiledPriceList,
  roadFactor: number,
): PreviewRow[] {
  return sampleSearches.map((sample) => ({
    sample,
    current: samplePrices(sample, current, roadFactor),
    draft: samplePrices(sample, draft, roadFactor),
  }))
}
