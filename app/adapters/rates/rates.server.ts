import type { RatesSnapshot } from '~/domain/money/currency'
import { logger } from '~/utils/logger.server'
import builtin from './builtin-rates.json'
import { parseEcbRates } from './ecb'

/** Where exchange rates come from: the built-in snapshot, or the ECB's daily rates. */
export interface RatesProvider {
  current(): Promise<RatesSnapshot>
}

export const builtinSnapshot: RatesSnapshot = {
  date: builtin.date,
  rates: builtin.rates,
  source: 'builtin',
}

/** The dated rates file shipped with the app: no network, always answers. */
export function builtinRatesProvider(): RatesProvider {
  return { current: async () => builtinSnapshot }
}

interface EcbOptions {
  url: string
  /** How long a fetched answer is reused before asking again. */
  cacheMs?: number
  timeoutMs?: number
  now?: () => number
}

/**
 * The ECB's daily reference rates, cached; on any failure the last rates it
 * knew, or the builtin file before the first success. It never throws.
 */
export function ecbRatesProvider(options: EcbOptions): RatesProvider {
  const cacheMs = options.cacheMs ?? 6 * 60 * 60 * 1000
  const now = options.now ?? Date.now
  let lastKnown: { snapshot: RatesSnapshot; fetchedAt: number } | undefined
  let inFlight: Promise<RatesSnapshot> | undefined

  async function refresh(): Promise<RatesSnapshot> {
    try {
      const response = await fetch(options.url, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const snapshot = parseEcbRates(await response.text())
      lastKnown = { snapshot, fetchedAt: now() }
      return snapshot
    } catch (error) {
      logger.warn('rates.ecb_failed', {
        error: String(error),
        using: lastKnown ? 'last-known' : 'builtin',
      })
      return lastKnown?.snapshot ?? builtinSnapshot
    } finally {
      inFlight = undefined
    }
  }

  return {
    async current() {
      if (lastKnown && now() - lastKnown.fetchedAt < cacheMs) return lastKnown.snapshot
      inFlight ??= refresh()
      return inFlight
    },
  }
}
