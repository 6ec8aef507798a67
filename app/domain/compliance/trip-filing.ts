import { TURKEY, type PassengerIdentity } from '~/domain/identity/travel-identity'
import { istanbulClock, istanbulDate } from '~/domain/booking-window'
import { uetdsDistrictOf, type UetdsDistrict } from './uetds-places'

/**
 * A ride as the Ministry's passenger list (U-ETDS) takes it: the trip (plate,
 * departure and end), its crew, one group (the route and the fare) and the
 * passengers in it. Pure: the job reads the ride, this says what to file or
 * what is still missing, and the adapter speaks the protocol
 * (docs/compliance.md).
 */

/** The driver's role in the crew list ("Şoför"). */
export const DRIVER_ROLE = 0

/** Sex as the identity card writes it: the service's E (erkek) and K (kadın). */
export type DocumentSex = 'female' | 'male'

export interface FilingRide {
  reference: string
  pickupAt: Date
  /** How long the ride is planned to take: its end is filed too. */
  minutes: number
  pickupPlaceId: number
  destinationPlaceId: number
  pickupText: string
  destinationText: string
  fare: { minor: number; currency: string }
  /** The party's size: that many passengers are listed. */
  passengerCount: number
  vehicle: { plate: string } | null
  driver: {
    name: string
    phone: string
    identityNumber: string | null
    sex: DocumentSex | null
  } | null
  passengers: { firstname: string; lastname: string; identity: PassengerIdentity | null }[]
}

export interface FiledPlace extends UetdsDistrict {
  country: typeof TURKEY
  /** The address as the traveller gave it, cut to the service's 200 characters. */
  place: string
}

export interface TripFiling {
  trip: {
    plate: string
    /** Istanbul's date and time (YYYY-MM-DD, HH:MM) of the pickup and the planned end. */
    departureDate: string
    departureTime: string
    endDate: string
    endTime: string
    /** The booking's reference: the company's own number for the trip. */
    companyTripNo: string
    description: string
    /** The number the car is reached on: its driver's. */
    vehiclePhone: string
  }
  crew: {
    role: typeof DRIVER_ROLE
    nationality: typeof TURKEY
    identityNumber: string
    sex: 'E' | 'K'
    firstName: string
    lastName: string
    phone: string
  }[]
  group: { name: string; description: string; from: FiledPlace; to: FiledPlace; fare: string }
  passengers: {
    nationality: string
    documentNumber: string
    firstName: string
    lastName: string
    /** The passenger's position in the list: the service asks a seat for each. */
    seat: string
  }[]
}

/** What keeps a ride from being filed, each something dispatch or the traveller can give. */
export type FilingGap =
  | 'vehicle'
  | 'driver'
  | 'driverIdentity'
  | 'driverSex'
  | 'passengerNames'
  | 'passengerDocuments'
  | 'place'

export type FilingDraft = { ok: true; filing: TripFiling } | { ok: false; gaps: FilingGap[] }

const minute = 60_000

function istanbulParts(at: Date): { date: string; time: string } {
  return { date: istanbulDate(at), time: istanbulClock(at) }
}

/** 'Mehmet Ali Kaya' → Mehmet Ali / Kaya: the list asks the surname on its own. */
export function splitFullName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/)
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' }
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! }
}

/** The fare as the group's price: the amount paid and its currency ("85.00 EUR"). */
export function fareText(fare: { minor: number; currency: string }): string {
  return `${(fare.minor / 100).toFixed(2)} ${fare.currency}`
}

const cut = (text: string, length: number) => text.trim().slice(0, length)

/** The filing of a ride, or everything still missing for it (all at once, for one look). */
export function draftTripFiling(ride: FilingRide): FilingDraft {
  const gaps: FilingGap[] = []
  if (!ride.vehicle) gaps.push('vehicle')
  if (!ride.driver) gaps.push('driver')
  if (ride.driver && !ride.driver.identityNumber) gaps.push('driverIdentity')
  if (ride.driver && !ride.driver.sex) gaps.push('driverSex')
  const party = Math.max(ride.passengerCount, 1)
  if (ride.passengers.length < party) gaps.push('passengerNames')
  if (ride.passengers.some((passenger) => !passenger.identity)) gaps.push('passengerDocuments')
  const from = uetdsDistrictOf(ride.pickupPlaceId)
  const to = uetdsDistrictOf(ride.destinationPlaceId)
  if (!from || !to) gaps.push('place')
  if (gaps.length > 0 || !ride.vehicle || !ride.driver || !from || !to) return { ok: false, gaps }

  const start = istanbulParts(ride.pickupAt)
  const end = istanbulParts(new Date(ride.pickupAt.getTime() + ride.minutes * minute))
  const driverName = splitFullName(ride.driver.name)
  return {
    ok: true,
    filing: {
      trip: {
        plate: ride.vehicle.plate,
        departureDate: start.date,
        departureTime: start.time,
        endDate: end.date,
        endTime: end.time,
        companyTripNo: ride.reference,
        description: cut(`${ride.pickupText} - ${ride.destinationText}`, 400),
        vehiclePhone: ride.driver.phone,
      },
      crew: [
        {
          role: DRIVER_ROLE,
          nationality: TURKEY,
          identityNumber: ride.driver.identityNumber!,
          sex: ride.driver.sex === 'female' ? 'K' : 'E',
          firstName: driverName.firstName,
          lastName: driverName.lastName,
          phone: ride.driver.phone,
        },
      ],
      group: {
        name: ride.reference,
        description: cut(`${ride.pickupText} - ${ride.destinationText}`, 200),
        from: { country: TURKEY, ...from, place: cut(ride.pickupText, 200) },
        to: { country: TURKEY, ...to, place: cut(ride.destinationText, 200) },
        fare: fareText(ride.fare),
      },
      // Every passenger named, in the order given: the party's size at least.
      passengers: ride.passengers.map((passenger, index) => ({
        nationality: passenger.identity!.nationality,
        documentNumber: (passenger.identity!.identityNumber ?? passenger.identity!.passportNumber)!,
        firstName: passenger.firstname,
        lastName: passenger.lastname,
        seat: String(index + 1),
      })),
    },
  }
}

/**
 * The four parts a filing is sent in, each as a canonical text: a part whose
 * text changed since it was accepted is sent again (the job keeps a hash of
 * each, never the text, which holds identity numbers).
 */
export function filingParts(
  filing: TripFiling,
): Record<'trip' | 'crew' | 'group' | 'passengers', string> {
  return {
    trip: JSON.stringify(filing.trip),
    crew: JSON.stringify(filing.crew),
    group: JSON.stringify(filing.group),
    passengers: JSON.stringify(filing.passengers),
  }
}

/** From this long before the pickup a complete ride is filed (the documents reminder goes then too). */
export const FILING_OPENS_HOURS = 24

/**
 * Where a ride stands against the law's clock: too early to file, open, late
 * (past the company's lead time before the pickup and not filed), or
 * departed (a filing now is after the fact: staff file by hand).
 */
export type FilingWindow = 'early' | 'open' | 'late' | 'departed'

export function filingWindow(now: Date, pickupAt: Date, leadMinutes: number): FilingWindow {
  const left = pickupAt.getTime() - now.getTime()
  if (left <= 0) return 'departed'
  if (left <= leadMinutes * minute) return 'late'
  if (left <= FILING_OPENS_HOURS * 60 * minute) return 'open'
  return 'early'
}

/** After the n-th failure in a row, the next try: 5, 10, 20, 40 minutes, then hourly. */
export function nextTryAfter(failures: number, now: Date): Date {
  const minutes = Math.min(5 * 2 ** Math.max(failures - 1, 0), 60)
  return new Date(now.getTime() + minutes * minute)
}
