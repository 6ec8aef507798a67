import { fold } from './fold'

/** Country names an address may end with (Google writes 'Türkiye' or 'Turkey'). */
const COUNTRY_NAMES = new Set(['turkiye', 'turkey', 'tr'])

/**
 * The city-extraction rule: split at commas and fold each part;
 * the city is the second-to-last part; text after a slash wins ('Kadıköy/İstanbul'
 * → 'istanbul'); an empty part or the country name falls back to the last part.
 */
export function extractCity(address: string): string {
  const parts = address.split(',').map(fold)
  let city = parts.length >= 2 ? parts[parts.length - 2]! : ''
  if (city.includes('/')) city = city.slice(city.lastIndexOf('/') + 1).trim()
  if (!city || COUNTRY_NAMES.has(city)) city = parts[parts.length - 1] ?? ''
  if (city.includes('/')) city = city.slice(city.lastIndexOf('/') + 1).trim()
  return city
}

/** The cities a search may name, folded. */
export const ALLOWED_CITY_NAMES = [
  'istanbul',
  'bursa',
  'yalova',
  'kocaeli',
  'sapanca',
  'sakarya',
  'bolu',
  'antalya',
  'izmir',
  'aydin',
  'canakkale',
  'mugla',
  'sabiha gokcen',
  'saw',
  'istanbul airport',
  'iga',
] as const
