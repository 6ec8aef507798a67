import type { OpenPin } from '~/domain/money/rate-pins'

/**
 * The open pins kept in memory, so a quote never asks the database for them:
 * read again when the copy is older than `maxAgeMs` (a pin made on another
 * instance applies here within that), and at once after `forget` (a pin made
 * on this instance). Concurrent quotes share one read. When a read fails the
 * last pins known stay in use, and the next quote tries again.
 */
export interface PinCache {
  pins(): Promise<readonly OpenPin[]>
  /** The copy is out of date (a pin was just made or ended here): the next quote reads again. */
  forget(): void
}

export interface PinCacheOptions {
  load: () => Promise<OpenPin[]>
  maxAgeMs?: number
  now?: () => number
  onError?: (error: unknown) => void
}

export const pinCacheMaxAgeMs = 60_000

export function createPinCache(options: PinCacheOptions): PinCache {
  const maxAgeMs = options.maxAgeMs ?? pinCacheMaxAgeMs
  const now = options.now ?? (() => Date.now())
  let known: readonly OpenPin[] = []
  let loadedAt: number | undefined
  let inFlight: Promise<readonly OpenPin[]> | undefined
  // Counts forget() calls: a read that began before one may predate the change,
  // so its answer is used but not taken as fresh.
  let generation = 0

  async function refresh(): Promise<readonly OpenPin[]> {
    const startedAt = now()
    const startedIn = generation
    try {
      const pins = await options.load()
      // A read older than a forget() must not overwrite what a newer read found.
      if (startedIn === generation) {
        known = pins
        loadedAt = startedAt
      }
      return pins
    } catch (error) {
      options.onError?.(error)
      return known
    }
  }

  return {
    pins() {
      if (loadedAt !== undefined && now() - loadedAt < maxAgeMs) return Promise.resolve(known)
      if (!inFlight) {
        const reading = refresh().finally(() => {
          if (inFlight === reading) inFlight = undefined
        })
        inFlight = reading
      }
      return inFlight
    },
    forget() {
      generation++
      loadedAt = undefined
      inFlight = undefined
    },
  }
}
