import { getEnv } from '~/config/env.server'
import { priceEntry } from '~/domain/places/gazetteer'
import {
  builtinDistanceProvider,
  googleDistanceProvider,
} from '~/adapters/distance/distance.server'
import type { DistanceProvider } from '~/domain/distance/distance'
import {
  builtinRatesProvider,
  ecbRatesProvider,
  type RatesProvider,
} from '~/adapters/rates/rates.server'

/**
 * The configured adapters: builtin by default (no key, no network), the real
 * services when the settings name them (README, Configuration).
 */
let distance: DistanceProvider | undefined
let rates: RatesProvider | undefined

export function distanceProvider(): DistanceProvider {
  if (!distance) {
    const env = getEnv()
    const builtin = builtinDistanceProvider(priceEntry, env.ROAD_FACTOR)
    distance =
      env.DISTANCE_PROVIDER === 'google'
        ? googleDistanceProvider({
            apiKey: env.GOOGLE_MAPS_SERVER_KEY,
            baseUrl: env.GOOGLE_MAPS_API_URL,
            fallback: builtin,
          })
        : builtin
  }
  return distance
}

export function ratesProvider(): RatesProvider {
  if (!rates) {
    const env = getEnv()
    rates =
      env.RATES_PROVIDER === 'ecb'
        ? ecbRatesProvider({ url: env.ECB_RATES_URL })
        : builtinRatesProvider()
  }
  return rates
}
