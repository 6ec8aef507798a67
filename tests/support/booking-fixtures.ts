import { placeById, priceEntry } from '~/domain/places/gazetteer'
import { builtinPriceList, firstPrices } from '~/domain/pricing/builtin-price-list'
import { builtinDistance } from '~/domain/distance/distance'
import { quoteClasses } from '~/domain/pricing/quote'
import { quoteHourly } from '~/domain/pricing/hourly'
import type { RatesSnapshot } from '~/domain/money/currency'
import type { DraftInput } from '../../app/booking/bookings.server'
import type { PassengerDetails, PaymentDetails } from '../../app/booking/booking-forms'

/**
 * Shared by the storage tests of bookings and payments: a dated rates file, a
 * passenger, billing details and a draft for SAW → Şile at 10:00 in lira.
 */
export const rates: RatesSnapshot = {
  date: '2026-11-20',
  source: 'builtin',
  rates: { EUR: 1, USD: 1.1612, GBP: 0.8815, TRY: 49.4371 },
}

export const passenger: PassengerDetails = {
  name: 'Ayşe',
  lastName: 'Yılmaz',
  email: 'ayse@example.com',
  phone: '+905321234567',
  updates: 'email',
  passengers: 4,
  luggage: 4,
  notes: 'Two large suitcases',
  flightNumber: 'TK1984',
  notByAir: undefined,
  keepFlight: undefined,
  departureFlight: undefined,
  signName: undefined,
  pickupAddress: undefined,
  returnPickupAddress: undefined,
  returnFlightNumber: undefined,
  returnNotByAir: undefined,
}

export const billing: PaymentDetails = {
  fullname: 'Ayşe',
  lastname: 'Yılmaz',
  company: undefined,
  address: 'Bağdat Caddesi 1',
  country: 'Türkiye',
  city: 'İstanbul',
  zipcode: '34710',
  paymentOption: 'depositCash',
  acceptTerms: true,
}

/** A draft between two places of the gazetteer, as typed, at 10:00 on `date`, in lira. */
export function draftBetween(
  [pickupText, pickupId]: [string, number],
  [destinationText, destinationId]: [string, number],
  classIndex: number,
  date: string,
): DraftInput {
  const pickup = placeById(pickupId)!
  const destination = placeById(destinationId)!
  const distance = builtinDistance(pickup, destination, priceEntry, 1.3)
  const quote = quoteClasses({
    pickup,
    destination,
    distanceKm: distance.km,
    pickupTime: '10:00',
    prices: firstPrices,
  })[classIndex]!
  return {
    language: 'en',
    trip: { date, time: '10:00', pickupText, destinationText },
    pickup,
    destination,
    distance,
    quote,
    currency: 'TRY',
    rates,
    prices: firstPrices,
  }
}

export function draftInput(classIndex = 1, date = '2026-11-23'): DraftInput {
  return draftBetween(['SAW', 2], ['Şile', 1033], classIndex, date)
}

/**
 * From a spot the traveller named ('Taksim', priced as the Beyoğlu district)
 * to Istanbul Airport at 10:00: a pickup that needs its exact address.
 */
export function namedPickupDraftInput(date = '2026-11-23'): DraftInput {
  return draftBetween(['Taksim', 1012], ['IST', 1], 1, date)
}

/** SAW → Şile at 10:00 on `date`, and back at 18:00 on `returnDate`: a trip there and back. */
export function returnDraftInput(
  classIndex = 1,
  date = '2026-11-23',
  returnDate = '2026-11-25',
): DraftInput {
  return withReturn(draftInput(classIndex, date), returnDate, classIndex)
}

/** `outbound` with its return ride at `time` on `returnDate`, priced the other way round. */
export function withReturn(
  outbound: DraftInput,
  returnDate: string,
  classIndex = 1,
  time = '18:00',
): DraftInput {
  const quote = quoteClasses({
    pickup: outbound.destination,
    destination: outbound.pickup,
    distanceKm: outbound.distance.km,
    pickupTime: time,
    prices: firstPrices,
  })[classIndex]!
  return { ...outbound, back: { date: returnDate, time, quote } }
}

/** A hire by the hour from Kadıköy: `hours` hours, in euro, the plan in km if given. */
export function hourlyDraftInput(
  hours = 4,
  plannedKm: number | null = null,
  classIndex = 1,
  date = '2026-11-23',
): DraftInput {
  const pickup = placeById(1022)!
  const quote = quoteHourly({ hours, plannedKm: plannedKm ?? undefined }, builtinPriceList)[
    classIndex
  ]!
  return {
    language: 'en',
    trip: { date, time: '10:00', pickupText: 'Kadıköy', destinationText: 'Kadıköy' },
    pickup,
    destination: pickup,
    distance: { km: Math.max(quote.includedKm, plannedKm ?? 0), source: 'hourly' },
    quote,
    hire: { hours, plannedKm },
    currency: 'EUR',
    rates,
    prices: firstPrices,
  }
}
