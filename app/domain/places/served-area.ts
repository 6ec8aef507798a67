import { ALLOWED_CITY_NAMES, extractCity } from './city-extraction'
import { fold } from './fold'
import { places } from './gazetteer'
import { resolvePlace } from './resolve'

/**
 * Whether a typed place is inside the service area before asking for routes:
 * the city-extraction rule, or a place the gazetteer knows (so 'Taksim' passes).
 */
export function isServedText(text: string): boolean {
  const city = extractCity(text)
  const folded = fold(text)
  if (ALLOWED_CITY_NAMES.some((name) => city === name || ` ${folded} `.includes(` ${name} `)))
    return true
  return resolvePlace(text, places).status !== 'out-of-area'
}
