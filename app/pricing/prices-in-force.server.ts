import { getDatabase } from '~/db/db.server'
import { fareCoveredKm } from '~/domain/places/gazetteer'
import {
  compilePriceList,
  type CompiledPriceList,
  type PriceList,
} from '~/domain/pricing/price-list'
import { readDepositPercentFrom } from '~/domain/booking/rule-numbers'
import { FIRST_DEPOSIT_PERCENT } from '~/domain/pricing/first-deposit'
import type { Executor } from '~/db/executor'
import { logger } from '~/utils/logger.server'
import { publishedPriceLists, publishedSignature } from './price-list-store.server'

/**
 * The published price lists, kept in memory so a quote never waits on the
 * database: each version compiled once, sorted by the time it applies from.
 * Every instance asks the database at most every REFRESH_MS whether a version
 * was published or withdrawn (one small query) and reloads only then, so a
 * publish on one instance applies on every other within that time; the
 * instance that publishes reloads at once.
 */

/** How old the copy in memory may be before the next quote asks for a fresh one. */
export const REFRESH_MS = 30_000

export interface VersionInForce {
  id: number
  appliesFrom: string
  prices: CompiledPriceList
}

export function compiled(id: number, list: PriceList): CompiledPriceList {
  return compilePriceList(id, list, fareCoveredKm)
}

/** The version in force at `at`: the latest to apply by then (the newest of a tie). */
export function versionAt(
  versions: readonly VersionInForce[],
  at: Date,
): VersionInForce | undefined {
  const instant = at.toISOString()
  let found: VersionInForce | undefined
  for (const version of versions) {
    if (version.appliesFrom > instant) continue
    if (
      !found ||
      version.appliesFrom > found.appliesFrom ||
      (version.appliesFrom === found.appliesFrom && version.id > found.id)
    ) {
      found = version
    }
  }
  return found
}

/** One instance's copy of the published versions, over one database. */
export function priceListCache(
  executor: () => Promise<Executor>,
  options: { refreshMs?: number; clock?: () => number } = {},
) {
  const refreshMs = options.refreshMs ?? REFRESH_MS
  const clock = options.clock ?? Date.now
  let versions: VersionInForce[] = []
  let signature = ''
  let checkedAt = -Infinity
  let inFlight: Promise<void> | undefined

  async function reload() {
    const db = await executor()
    const latest = await publishedSignature(db)
    if (latest !== signature) {
      const known = new Map(versions.map((version) => [version.id, version]))
      versions = (await publishedPriceLists(db)).map(
        (stored) =>
          known.get(stored.id) ?? {
            id: stored.id,
            appliesFrom: stored.appliesFrom!,
            prices: compiled(stored.id, stored.list),
          },
      )
      signature = latest
      logger.info('prices.loaded', { versions: versions.length, signature })
    }
    checkedAt = clock()
  }

  async function fresh(): Promise<VersionInForce[]> {
    if (clock() - checkedAt >= refreshMs) {
      inFlight ??= reload().finally(() => {
        inFlight = undefined
      })
      try {
        await inFlight
      } catch (error) {
        // A database hiccup keeps the copy it has rather than fail a quote, and
        // asks again after the interval, not on every quote meanwhile.
        if (versions.length === 0) throw error
        checkedAt = clock()
        logger.warn('prices.refresh_failed', { error: String(error) })
      }
    }
    return versions
  }

  return {
    /** The price list in force at `at`. */
    async inForce(at: Date): Promise<CompiledPriceList> {
      const version = versionAt(await fresh(), at)
      if (!version) throw new Error('no price list is in force: the first version is missing')
      return version.prices
    },
    /** A published version by id (a booking's own), or undefined. */
    async version(id: number): Promise<CompiledPriceList | undefined> {
      return (await fresh()).find((version) => version.id === id)?.prices
    },
    /**
     * The id of the version in force now, from memory, never waiting: what the
     * kept pages (which show prices and the deposit) are keyed by. A copy older
     * than the refresh interval is refreshed in the background.
     */
    versionNow(): number {
      if (clock() - checkedAt >= refreshMs) fresh().catch(() => undefined)
      return versionAt(versions, new Date())?.id ?? 0
    },
    /** The versions as last loaded, without asking the database: for the texts. */
    known: () => versions,
    /** Forget the copy: the next call reloads (after a publish on this instance). */
    invalidate() {
      checkedAt = -Infinity
    },
  }
}

export type PriceListCache = ReturnType<typeof priceListCache>

let processCache: PriceListCache | undefined

/** The process's cache over its database. */
export function pricesInForce(): PriceListCache {
  if (!processCache) {
    const cache = priceListCache(async () => (await getDatabase()).db)
    processCache = cache
    // The texts state the deposit of the version in force now, from the copy in memory.
    readDepositPercentFrom(() => {
      const version = versionAt(cache.known(), new Date())
      return version ? version.prices.list.depositPercent : FIRST_DEPOSIT_PERCENT
    })
  }
  return processCache
}
