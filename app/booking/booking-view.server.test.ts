import { describe, expect, it } from 'vitest'
import type { BookingRow } from '~/db/schema'
import { paidAndDue } from './booking-view.server'

/** Only the columns the payment split reads; the rest of a row does not matter to it. */
const row = (fields: Pick<BookingRow, 'total_minor' | 'payment_option' | 'paid_minor'>) =>
  fields as BookingRow

describe('paidAndDue', () => {
  it('takes what the card really paid once it is stored; the driver collects the rest', () => {
    expect(
      paidAndDue(row({ total_minor: 13600, payment_option: 'depositCash', paid_minor: 4080 })),
    ).toEqual({ option: 'depositCash', paidMinor: 4080, cashMinor: 9520 })
    expect(
      paidAndDue(row({ total_minor: 13600, payment_option: 'fullCard', paid_minor: 13600 })),
    ).toEqual({ option: 'fullCard', paidMinor: 13600, cashMinor: 0 })
  })

  it("uses the option's amounts before a charge is stored, full card when none was chosen", () => {
    expect(
      paidAndDue(row({ total_minor: 13601, payment_option: 'depositCash', paid_minor: null })),
    ).toEqual({ option: 'depositCash', paidMinor: 4080, cashMinor: 9521 })
    expect(paidAndDue(row({ total_minor: 13600, payment_option: null, paid_minor: null }))).toEqual(
      {
        option: 'fullCard',
        paidMinor: 13600,
        cashMinor: 0,
      },
    )
  })

  it('never asks the driver to collect a negative amount', () => {
    // A card charged more than the stored total (the total was priced again after paying).
    expect(
      paidAndDue(row({ total_minor: 13000, payment_option: 'fullCard', paid_minor: 13600 })),
    ).toEqual({ option: 'fullCard', paidMinor: 13600, cashMinor: 0 })
  })
})
