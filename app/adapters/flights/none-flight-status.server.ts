import type { FlightStatusProvider } from './flight-status'

/**
 * The default: no key, no network, and nothing follows flights. Every lookup
 * answers `not-followed`, so a caller can tell "nothing follows the plane"
 * from "the provider knows no such flight" and no page claims the former.
 */
export function createNoFlightStatus(): FlightStatusProvider {
  return {
    name: 'none',
    follows: false,
    lookup: () => Promise.resolve({ kind: 'not-followed' }),
  }
}
