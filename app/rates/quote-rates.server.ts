import type { DatabaseHandle } from '~/db/connect.server'
import { ratesProvider } from '~/booking/providers.server'
import type { RatesSnapshot } from '~/domain/money/currency'
import { withPins } from '~/domain/money/rate-pins'
import { logger } from '~/utils/logger.server'
import { createPinCache, type PinCache } from './pin-cache'
import { openPins } from './open-pins.server'

/**
 * The rates every quote uses: the provider's (ECB or the built-in file) with
 * the pins in force. Each database handle (one per server instance) keeps its
 * own copy of the pins, read at most a minute ago.
 */
const caches = new WeakMap<DatabaseHandle, PinCache>()

export function pinCacheOf(handle: DatabaseHandle): PinCache {
  let cache = caches.get(handle)
  if (!cache) {
    cache = createPinCache({
      load: () => openPins(handle.db, new Date()),
      onError: (error) => logger.warn('rates.pins_unread', { error: String(error) }),
    })
    caches.set(handle, cache)
  }
  return cache
}

export async function quoteRates(
  handle: DatabaseHandle,
  now: Date = new Date(),
): Promise<RatesSnapshot> {
  const [snapshot, pins] = await Promise.all([ratesProvider().current(), pinCacheOf(handle).pins()])
  return withPins(snapshot, pins, now)
}
