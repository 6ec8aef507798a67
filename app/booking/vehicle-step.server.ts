import type { SiteSettings } from '~/config/site'
import type { Language } from '~/i18n/config'
import { listVehicleClasses } from '~/content/fleet.server'
import { pickupCalendarDate, readTripSearch, type TripSearchValues } from '~/domain/trip-search'
import {
  parseCurrency,
  ratesDateOf,
  type Currency,
  type RatesSnapshot,
} from '~/domain/money/currency'
import { shownPriceMinor, shownTripPriceMinor } from '~/domain/booking/money'
import { readHourlySearch, type HourlySearchValues } from '~/domain/hourly-search'
import { readReturnSearch, type ReturnSearchValues } from '~/domain/return-search'
import { combineReturnQuotes } from '~/domain/pricing/return-trip'
import { placeLabel } from '~/domain/places/place-label'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import {
  quoteHourlyTrip,
  quoteTrip,
  type HourlyQuoteResult,
  type TripQuoteResult,
} from './trip-quote.server'
import { getDatabase } from '~/db/db.server'
import { quoteRates } from '~/rates/quote-rates.server'
import { searchFormOptions } from './search-form-options'
import { dialogClosedParam, hireFields, searchModeOf, tripFields } from './vehicle-step'
import { pricesInForce } from '~/pricing/prices-in-force.server'
import { fullClasses, noticeMinutes, type ClassFullness } from '~/capacity/search-capacity.server'
import { rideMinutes } from '~/domain/booking/ride-mode'

/** What the page shows for a search: nothing yet, an error, a dialog, or four priced vehicles. */
export async function buildVehicleStep(
  params: URLSearchParams,
  language: Language,
  site: SiteSettings,
) {
  const mode = searchModeOf(params)
  const values = readTripSearch(params)
  const hire = readHourlySearch(params)
  const back = readReturnSearch(params)
  const currency = parseCurrency(params.get('currency'))
  const origin = params.get('origin') === 'home' ? ('home' as const) : undefined
  const now = new Date()
  const prices = await pricesInForce().inForce(now)
  // The company's minimum notice: a sooner pickup is refused with these hours.
  const noticeMinutesNow = await noticeMinutes((await getDatabase()).db, now)
  const common = {
    mode,
    values,
    hire,
    back,
    currency,
    origin,
    noticeHours: noticeMinutesNow / 60,
    ...searchFormOptions(language, now, prices.list),
  }
  const hasSearch = (mode === 'hourly' ? hireFields : tripFields).some((name) => params.has(name))
  if (!hasSearch) return { ...common, outcome: null, serverDialog: false }
  const outcome =
    mode === 'hourly'
      ? await presentHourlyOutcome(
          await quoteHourlyTrip(hire, now, noticeMinutesNow),
          hire,
          currency,
          language,
          site,
          now,
        )
      : await presentOutcome(
          await quoteTrip(values, now, back, noticeMinutesNow),
          values,
          back,
          currency,
          language,
          site,
          now,
        )
  const notice =
    outcome.kind === 'out-of-area' || (outcome.kind === 'priced' && outcome.unavailable)
  // Read by the root layout, which makes the header and footer inert behind the dialog.
  const serverDialog = notice && params.get(dialogClosedParam) !== 'closed'
  return { ...common, outcome, serverDialog }
}

async function presentOutcome(
  result: TripQuoteResult,
  values: TripSearchValues,
  back: ReturnSearchValues,
  currency: Currency,
  language: Language,
  site: SiteSettings,
  now: Date,
) {
  if (result.kind === 'not-found') {
    return {
      kind: 'not-found' as const,
      field: result.field,
      typed: values[result.field],
      wholeCity: result.wholeCity,
      suggestions: result.suggestions.map((place) => place.name[language]),
    }
  }
  if (result.kind !== 'priced') return result
  const rates = await quoteRates(await getDatabase())
  const quotes = result.back
    ? combineReturnQuotes(result.classes, result.back.classes)
    : result.classes
  const full = await fullClasses(
    (await getDatabase()).db,
    {
      date: values.date,
      time: values.time,
      minutes: rideMinutes({
        ride_mode: 'transfer',
        hire_hours: null,
        distance_km: result.distance.km,
        route_minutes: result.distance.minutes ?? null,
      }),
      mode: 'transfer',
      back: result.back ? { date: back.date, time: back.time } : null,
    },
    quotes.map((quote) => quote.code),
    language,
    now,
  )
  const offers = offersOf(quotes, currency, rates, language, site, full)
  return {
    kind: 'priced' as const,
    // The ends as the traveller chose them ('Taksim'), not only the district they are priced as.
    pickup: placeLabel(result.pickup, values.pickup, language).name,
    destination: placeLabel(result.destination, values.destination, language).name,
    date: pickupCalendarDate(values.date, values.time),
    time: values.time,
    km: result.distance.km,
    hours: result.hours,
    hire: null,
    /** The return ride: back from the destination, on its own date and time. */
    back: result.back
      ? {
          date: pickupCalendarDate(back.date, back.time),
          time: back.time,
        }
      : null,
    ratesDate: ratesDateOf(rates, currency),
    /** The chosen currency's rate is one an admin pinned, not the source's. */
    ratesPinned: rates.pinned?.[currency] !== undefined,
    unavailable: quotes.every((quote) => quote.cents === 0),
    /** No class can be sold at the searched time: the search says so above the cards. */
    allFull: offers.every((offer) => !offer.available || offer.full !== null),
    offers,
  }
}

/** An hourly search's outcome, in the same shapes as a transfer's where they agree. */
async function presentHourlyOutcome(
  result: HourlyQuoteResult,
  values: HourlySearchValues,
  currency: Currency,
  language: Language,
  site: SiteSettings,
  now: Date,
) {
  if (result.kind === 'not-found') {
    return {
      ...result,
      typed: values.pickup,
      suggestions: result.suggestions.map((place) => place.name[language]),
    }
  }
  if (result.kind !== 'priced') return result
  const rates = await quoteRates(await getDatabase())
  const first = result.classes[0]!
  const pickup = placeLabel(result.pickup, values.pickup, language).name
  const full = await fullClasses(
    (await getDatabase()).db,
    {
      date: values.date,
      time: values.time,
      minutes: result.hours * 60,
      mode: 'hourly',
      back: null,
    },
    result.classes.map((quote) => quote.code),
    language,
    now,
  )
  const offers = offersOf(result.classes, currency, rates, language, site, full)
  return {
    kind: 'priced' as const,
    pickup,
    destination: pickup,
    date: pickupCalendarDate(values.date, values.time),
    time: values.time,
    km: result.distance.km,
    hours: result.hours,
    hire: { hours: result.hours, includedKm: first.includedKm, extraKm: first.extraKm },
    back: null,
    ratesDate: ratesDateOf(rates, currency),
    /** The chosen currency's rate is one an admin pinned, not the source's. */
    ratesPinned: rates.pinned?.[currency] !== undefined,
    unavailable: false,
    allFull: offers.every((offer) => offer.full !== null),
    offers,
  }
}

/**
 * The four vehicle cards of a priced search, each at its price in the chosen
 * currency; for a return, the price of both rides, and each ride's.
 */
function offersOf(
  quotes: {
    code: VehicleClassCode
    cents: number
    outbound?: { cents: number }
    back?: { cents: number }
  }[],
  currency: Currency,
  rates: RatesSnapshot,
  language: Language,
  site: SiteSettings,
  full: Partial<Record<VehicleClassCode, ClassFullness>>,
) {
  const vehicles = listVehicleClasses(language, site)
  return quotes.map((quote) => {
    const vehicle = vehicles.find((candidate) => candidate.code === quote.code)!
    return {
      code: quote.code,
      title: vehicle.title,
      image: vehicle.image,
      passengers: vehicle.passengers,
      luggage: vehicle.luggage,
      models: vehicle.models,
      paymentOptions: vehicle.paymentOptions,
      priceMinor: shownTripPriceMinor(quote, currency, rates),
      legsMinor:
        quote.outbound && quote.back
          ? {
              outbound: shownPriceMinor(quote.outbound, currency, rates),
              back: shownPriceMinor(quote.back, currency, rates),
            }
          : null,
      available: quote.cents > 0,
      /** Fully booked (or closed) at the searched time: the nearest free times instead of Select. */
      full: full[quote.code] ?? null,
    }
  })
}
