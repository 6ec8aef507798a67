import { builtinPriceList } from '~/domain/pricing/builtin-price-list'
import { describe, expect, it } from 'vitest'
import {
  classChildSeatLimit,
  extrasCents,
  extraQuantitiesProblem,
  maxChildSeats,
  noExtras,
} from './extras'

describe('extras in quantities', () => {
  it('take seats for children up to one fewer than the passengers, both kinds together', () => {
    expect(maxChildSeats(1)).toBe(0)
    expect(maxChildSeats(3)).toBe(2)
    expect(extraQuantitiesProblem({ childSeat: 2, boosterSeat: 0 }, 3)).toBeUndefined()
    expect(extraQuantitiesProblem({ childSeat: 1, boosterSeat: 1 }, 3)).toBeUndefined()
    expect(extraQuantitiesProblem({ childSeat: 2, boosterSeat: 1 }, 3)).toBe('tooMany')
    expect(extraQuantitiesProblem({ childSeat: 1, boosterSeat: 0 }, 1)).toBe('tooMany')
    expect(extraQuantitiesProblem(noExtras, 1)).toBeUndefined()
  })

  it("take at most one fewer than a vehicle class's seats, whoever travels", () => {
    expect(classChildSeatLimit('ECOMNVN')).toBe(5)
    expect(classChildSeatLimit('LUXMNVN')).toBe(4)
    expect(classChildSeatLimit('ECOMNBS')).toBe(14)
    expect(classChildSeatLimit('LUXMNBS')).toBe(11)
  })

  it('refuse counts that are not whole numbers of items', () => {
    expect(extraQuantitiesProblem({ childSeat: -1, boosterSeat: 0 }, 4)).toBe('notWhole')
    expect(extraQuantitiesProblem({ childSeat: 1.5, boosterSeat: 0 }, 4)).toBe('notWhole')
  })

  it('cost 7 EUR an item', () => {
    expect(extrasCents({ childSeat: 2, boosterSeat: 0 }, builtinPriceList.extraCents)).toBe(1400)
    expect(extrasCents({ childSeat: 2, boosterSeat: 1 }, builtinPriceList.extraCents)).toBe(2100)
    expect(extrasCents(noExtras, builtinPriceList.extraCents)).toBe(0)
  })
})
