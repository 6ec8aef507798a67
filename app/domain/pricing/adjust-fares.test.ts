import { describe, expect, it } from 'vitest'
import { builtinPriceList } from './builtin-price-list'
import { adjustAirportFares, adjustmentPercent } from './adjust-fares'

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

describe('adjustmentPercent', () => {
  it('reads a share from -50 to 100, a comma or a point, not 0', () => {
    expect(['8', ' -5 ', '+12,5', '100', '-50', '7.5'].map(adjustmentPercent)).toEqual([
      8, -5, 12.5, 100, -50, 7.5,
    ])
    for (const wrong of ['', '0', '101', '-51', '8%', 'ten', '1.25', '1e2']) {
      expect(adjustmentPercent(wrong), wrong).toBeUndefined()
    }
  })
})
