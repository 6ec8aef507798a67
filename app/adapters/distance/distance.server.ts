import type { Place } from '~/domain/places/types'
import type { PriceTableEntry } from '~/domain/pricing/types'
import { logger } from '~/utils/logger.server'
import {
  builtinDistance,
  type DistanceProvider,
  type RouteDistance,
} from '~/domain/distance/distance'

type PriceLookup = (placeId: number) => PriceTableEntry | undefined

export function builtinDistanceProvider(
  priceEntry: PriceLookup,
  roadFactor: number,
): DistanceProvider {
  return { distance: async (from, to) => builtinDistance(from, to, priceEntry, roadFactor) }
}

interface GoogleOptions {
  apiKey: string
  /** https://maps.googleapis.com in production; a local server in tests. */
  baseUrl: string
  timeoutMs?: number
  fallback: DistanceProvider
}

/**
 * Google's Distance Matrix (driving) between the two places' coordinates. Any
 * failure (network, quota, no route) falls back to the builtin provider and is
 * logged: a traveller always gets a price.
 */
export function googleDistanceProvider(options: GoogleOptions): DistanceProvider {
  return {
    async distance(from: Place, to: Place): Promise<RouteDistance> {
      const url = new URL('/maps/api/distancematrix/json', options.baseUrl)
      url.searchParams.set('origins', `${from.lat},${from.lng}`)
      url.searchParams.set('destinations', `${to.lat},${to.lng}`)
      url.searchParams.set('mode', 'driving')
      url.searchParams.set('key', options.apiKey)
      try {
        const response = await fetch(url, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 4000),
        })
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        const body = (await response.json()) as {
          status?: string
          rows?: {
            elements?: {
              status?: string
              distance?: { value?: number }
              duration?: { value?: number }
            }[]
          }[]
        }
        const element = body.rows?.[0]?.elements?.[0]
        const metres = element?.distance?.value
        if (body.status !== 'OK' || element?.status !== 'OK' || typeof metres !== 'number') {
          throw new Error(`answer ${body.status ?? '?'} / ${element?.status ?? '?'}`)
        }
        const seconds = element.duration?.value
        return {
          km: Math.round(metres / 1000),
          minutes: typeof seconds === 'number' ? Math.round(seconds / 60) : undefined,
          source: 'google',
        }
      } catch (error) {
        logger.warn('distance.google_failed', { error: String(error), from: from.id, to: to.id })
        return options.fallback.distance(from, to)
      }
    },
  }
}
