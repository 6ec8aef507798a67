import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/config/env.server'
import { siteSettingsFrom } from '~/config/site.server'
import { vehicleClasses } from '~/domain/booking/vehicle-classes'
import { CLASS_MINIMUM_CENTS } from '~/domain/pricing/tariff'
import { listVehicleClasses } from './fleet.server'

const site = siteSettingsFrom(parseEnv({}))

/** The counts a text gives: "up to 12 passengers", "8 suitcases", "6 yolcuya", "15 parça bagaj". */
function countsIn(text: string, words: RegExp): number[] {
  return [...text.matchAll(new RegExp(`(\\d+)\\s+(?:${words.source})`, 'gi'))].map((match) =>
    Number(match[1]),
  )
}

describe('the fleet pages', () => {
  it('show the catalogue’s seats, suitcases and starting price for every class', () => {
    for (const language of ['en', 'tr'] as const) {
      for (const vehicle of listVehicleClasses(language, site)) {
        const facts = vehicleClasses[vehicle.code]
        expect(vehicle).toMatchObject({
          passengers: facts.passengers,
          luggage: facts.luggage,
          startingPrice: facts.startingCents / 100,
        })
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

  it('sell no trip below the class’s starting price', () => {
    for (const facts of Object.values(vehicleClasses)) {
      expect(CLASS_MINIMUM_CENTS[facts.code]).toBe(facts.startingCents)
    }
  })
})
