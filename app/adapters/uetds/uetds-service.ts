import type { TripFiling } from '~/domain/compliance/trip-filing'

/**
 * The Ministry's U-ETDS web service for unscheduled passenger transport, as
 * the filing job uses it: one call per part of a trip. Every call answers
 * what the service said (its result code and message) or that it could not
 * be reached; none throws. The SOAP implementation is
 * uetds-soap-service.server.ts; without an account nothing is filed and staff
 * file by hand (configured.server.ts).
 */

export type UetdsAnswer<T extends object = object> =
  | ({ kind: 'ok'; message: string } & T)
  /** The service answered with a result code other than 0 (or a SOAP fault). */
  | { kind: 'refused'; code: number; message: string; rows?: PassengerRowAnswer[] }
  /** No answer: the network, a timeout, an HTTP error, or an answer that is not the protocol. */
  | { kind: 'unanswered'; problem: string }

export type FiledTrip = TripFiling['trip']
export type FiledCrewMember = TripFiling['crew'][number]
export type FiledGroup = TripFiling['group']
export type FiledPassenger = TripFiling['passengers'][number]

/** One passenger row's outcome in a list sent at once, by its seat. */
export interface PassengerRowAnswer {
  seat: string
  code: number
  message: string
  /** The service's reference of the passenger, when it took them. */
  ticket: string | null
}

export interface UetdsService {
  addTrip(trip: FiledTrip): Promise<UetdsAnswer<{ reference: string }>>
  updateTrip(reference: string, trip: FiledTrip): Promise<UetdsAnswer>
  cancelTrip(reference: string, reason: string): Promise<UetdsAnswer>
  addGroup(reference: string, group: FiledGroup): Promise<UetdsAnswer<{ groupReference: string }>>
  updateGroup(reference: string, groupReference: string, group: FiledGroup): Promise<UetdsAnswer>
  addCrew(reference: string, crew: FiledCrewMember[]): Promise<UetdsAnswer>
  cancelCrew(reference: string, identityNumber: string, reason: string): Promise<UetdsAnswer>
  /**
   * Every row's outcome; ok only when every row was taken. The service's
   * partial success (88) is a refusal whose rows say which were taken.
   */
  addPassengers(
    reference: string,
    groupReference: string,
    passengers: FiledPassenger[],
  ): Promise<UetdsAnswer<{ rows: PassengerRowAnswer[] }>>
  cancelPassenger(reference: string, ticket: string, reason: string): Promise<UetdsAnswer>
  /** The printable trip document the driver carries. */
  tripDocument(reference: string): Promise<UetdsAnswer<{ pdf: Buffer }>>
}
