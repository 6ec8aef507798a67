import type { SiteSettings } from '~/config/site'
import type { Language } from '~/i18n/config'
import { listVehicleClasses } from '~/content/fleet.server'
import { pickupCalendarDate, readTripSearch, type TripSearchValues } from '~/domain/trip-search'
import { parseCurrency, type Currency } from '~/domain/money/currency'
import { shownPriceMinor } from '~/domain/booking/money'
import { quoteTrip, type TripQuoteResult } from './trip-quote.server'
import { ratesProvider } from './providers.server'
import { searchFormOptions } from './search-form-options'
import { dialogClosedParam, tripFields } from './vehicle-step'

/** What the page shows for a search: nothing yet, an error, a dialog, or four priced vehicles. */
export async function buildVehicleStep(
  params: URLSearchParams,
  language: Language,
  site: SiteSettings,
) {
  const values = readTripSearch(params)
  const currency = parseCurrency(params.get('currency'))
  const origin = params.get('origin') === 'home' ? ('home' as const) : undefined
  const now = new Date()
  const common = {
    values,
    currency,
    origin,
    ...searchFormOptions(language, now),
  }
  const hasSearch = tripFields.some((name) => params.has(name))
  if (!hasSearch) return { ...common, outcome: null, serverDialog: false }
  const result = await quoteTrip(values, now)
  const outcome = await presentOutcome(result, values, currency, language, site)
  const notice =
    outcome.kind === 'out-of-area' || (outcome.kind === 'priced' && outcome.unavailable)
  // Read by the root layout, which makes the header and footer inert behind the dialog.
  const serverDialog = notice && params.get(dialogClosedParam) !== 'closed'
  return { ...common, outcome, serverDialog }
}

async function presentOutcome(
  result: TripQuoteResult,
  values: TripSearchValues,
  currency: Currency,
  language: Language,
  site: SiteSettings,
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
  const rates = await ratesProvider().current()
  const vehicles = listVehicleClasses(language, site)
  return {
    kind: 'priced' as const,
    pickup: result.pickup.name[language],
    destination: result.destination.name[language],
    date: pickupCalendarDate(values.date, values.time),
    time: values.time,
    km: result.distance.km,
    hours: result.hours,
    ratesDate: rates.date,
    unavailable: result.classes.every((quote) => quote.cents === 0),
    offers: result.classes.map((quote) => {
      const vehicle = vehicles.find((candidate) => candidate.code === quote.code)!
      return {
        code: quote.code,
        title: vehicle.title,
        image: vehicle.image,
        passengers: vehicle.passengers,
        luggage: vehicle.luggage,
        models: vehicle.models,
        paymentOptions: vehicle.paymentOptions,
        priceMinor: shownPriceMinor(quote, currency, rates),
        available: quote.cents > 0,
      }
    }),
  }
}
