import { getEnv } from '~/config/env.server'
import { createAeroApiFlightStatus } from './aeroapi-flight-status.server'
import type { FlightStatusProvider } from './flight-status'
import { createNoFlightStatus } from './none-flight-status.server'

let provider: FlightStatusProvider | undefined

/** The configured provider: AeroAPI when FLIGHT_STATUS_PROVIDER=aeroapi, otherwise none. */
export function configuredFlightStatus(): FlightStatusProvider {
  const env = getEnv()
  provider ??=
    env.FLIGHT_STATUS_PROVIDER === 'aeroapi'
      ? createAeroApiFlightStatus({ apiKey: env.AEROAPI_KEY, baseUrl: env.AEROAPI_BASE_URL })
      : createNoFlightStatus()
  return provider
}

/** Whether anything follows flights: the one question a page asks before promising it. */
export function followsFlights(): boolean {
  return configuredFlightStatus().follows
}
