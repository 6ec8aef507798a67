import { e2ePort } from './iyzico-settings'

/** The local stand-in for FlightAware's AeroAPI and the copy of the site that asks it. */
export const fakeAeroApi = {
  apiKey: 'e2e-aeroapi-key',
  port: e2ePort + 7,
}

/** The copy of the site with a flight-status provider: it checks and follows flights. */
export const flightsSitePort = e2ePort + 4

export const fakeAeroApiUrl = `http://127.0.0.1:${fakeAeroApi.port}`
