import { importLibrary, setOptions } from '@googlemaps/js-api-loader'
import { withRetries } from '~/utils/retry'

/** Up to 3 retries when the maps script fails to load. */
const MAPS_RETRIES = 3
let configuredKey: string | undefined

/**
 * Loads one Maps JavaScript API library on first use, never without a browser
 * key. The script itself is fetched only when a field or a search asks for it.
 */
export async function loadMapsLibrary<Name extends keyof google.maps.ImportLibraryMap>(
  name: Name,
  key: string,
  language: string,
): Promise<google.maps.ImportLibraryMap[Name]> {
  if (!key) throw new Error('no Maps browser key configured')
  if (configuredKey === undefined) {
    setOptions({ key, v: 'weekly', language, region: 'TR' })
    configuredKey = key
  }
  try {
    return await withRetries(() => importLibrary(name), MAPS_RETRIES)
  } catch (error) {
    console.error('Maps script failed to load', error)
    throw error
  }
}
