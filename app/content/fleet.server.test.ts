import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/config/env.server'
import { siteSettingsFrom } from '~/config/site.server'
import { vehicleClasses } from '~/domain/booking/vehicle-classes'
import { builtinPriceList } from '~/domain/pricing/builtin-price-list'
import { listVehicleClasses, withStartingPrices } from './fleet.server'

const site = siteSettingsFrom(parseEnv({}))

/** The counts a text gives: "up to 12 passengers", "8 suitcases", "6 yolcuya", "15 parça bagaj". */
function countsIn(text: string, words: RegExp): number[] {
  return [...text.matchAll(new RegExp(`(\\d+)\\s+(?:${words.source})`, 'gi'))].map((match) =>
    Number(match[1]),
  )
}

describe('the fleet pages', () => {
  it('show the catalogue’s seats, suitcases and the price list’s starting price for every class', () => {
    const cheaper = {
      classMinimumCents: { ECOMNVN: 4000, LUXMNVN: 6000, ECOMNBS: 8000, LUXMNBS: 11000 },
    }
    for (const language of ['en', 'tr'] as const) {
      for (const list of [builtinPriceList, cheaper]) {
        for (const vehicle of withStartingPrices(listVehicleClasses(language, site), list)) {
          const facts = vehicleClasses[vehicle.code]
          expect(vehicle).toMatchObject({
            passengers: facts.passengers,
            luggage: facts.luggage,
            startingPrice: list.classMinimumCents[vehicle.code] / 100,
          })
        }
      }
    }
  })

  it('never state another number of seats or suitcases in their words', () => {
    for (const language of ['en', 'tr'] as const) {
      for (const vehicle of listVehicleClasses(language, site)) {
        const facts = vehicleClasses[vehicle.code]
        const words = [vehicle.description, ...vehicle.features].join(' ')
        for (const seats of countsIn(words, /passengers?|yolcu\w*/)) {
          expect(seats, `${vehicle.code} ${language}`).toBe(facts.passengers)
        }
        for (const bags of countsIn(words, /suitcases?|parça|bavul\w*/)) {
          expect(bags, `${vehicle.code} ${language}`).toBe(facts.luggage)
        }
      }
    }
  })
})
