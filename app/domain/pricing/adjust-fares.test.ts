import { describe, expect, it } from 'vitest'
import { builtinPriceList } from './builtin-price-list'
import { adjustAirportFares } from './adjust-fares'

describe('adjustAirportFares', () => {
  it('changes every airport fare by the share, to whole euros, and nothing else', () => {
    const raised = adjustAirportFares(builtinPriceList, 10)
    // Şile from SAW: 99, 129, 149, 199 EUR → 109, 142, 164, 219.
    expect(raised.airportFares['1033']!.saw).toEqual({
      ECOMNVN: 10900,
      LUXMNVN: 14200,
      ECOMNBS: 16400,
      LUXMNBS: 21900,
    })
    expect({ ...raised, airportFares: null }).toEqual({ ...builtinPriceList, airportFares: null })
    // The list it was given is left as it was.
    expect(builtinPriceList.airportFares['1033']!.saw.ECOMNVN).toBe(9900)
  })

  it('lowers them too', () => {
    expect(adjustAirportFares(builtinPriceList, -20).airportFares['1033']!.saw.ECOMNVN).toBe(7900)
  })
})
