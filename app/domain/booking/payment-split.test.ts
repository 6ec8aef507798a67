import { describe, expect, it } from 'vitest'
import { priceTermsOf, writePriceTerms } from '~/domain/pricing/price-terms'
import { builtinPriceList } from '~/domain/pricing/builtin-price-list'
import { amountsDue, paymentSplit, type PaymentOption } from './payment-split'

describe('amountsDue', () => {
  it('charges the whole total by card for a full card payment', () => {
    expect(amountsDue(12900, 'fullCard', 30)).toEqual({ nowMinor: 12900, cashMinor: 0 })
  })

  it('takes 30 % by card and leaves the exact rest in cash', () => {
    expect(amountsDue(12900, 'depositCash', 30)).toEqual({ nowMinor: 3870, cashMinor: 9030 })
    // 30 % of 9999 is 2999.7: rounded once, the two parts still add up.
    const { nowMinor, cashMinor } = amountsDue(9999, 'depositCash', 30)
    expect(nowMinor).toBe(3000)
    expect(nowMinor + cashMinor).toBe(9999)
  })

  it('takes the deposit share it is given, a price list’s', () => {
    expect(amountsDue(12900, 'depositCash', 25)).toEqual({ nowMinor: 3225, cashMinor: 9675 })
  })
})

/** Only the columns the payment split reads; the rest of a row does not matter to it. */
const row = (
  fields: {
    total_minor: number
    payment_option: PaymentOption | null
    paid_minor: number | null
  },
  depositPercent = builtinPriceList.depositPercent,
) => ({
  ...fields,
  price_terms: writePriceTerms({ ...priceTermsOf(builtinPriceList), depositPercent }),
})

describe('paymentSplit', () => {
  it('takes what the card really paid once it is stored; the driver collects the rest', () => {
    expect(
      paymentSplit(row({ total_minor: 13600, payment_option: 'depositCash', paid_minor: 4080 })),
    ).toEqual({ option: 'depositCash', paidMinor: 4080, cashMinor: 9520 })
    expect(
      paymentSplit(row({ total_minor: 13600, payment_option: 'fullCard', paid_minor: 13600 })),
    ).toEqual({ option: 'fullCard', paidMinor: 13600, cashMinor: 0 })
  })

  it("uses the option's amounts before a charge is stored, full card when none was chosen", () => {
    expect(
      paymentSplit(row({ total_minor: 13601, payment_option: 'depositCash', paid_minor: null })),
    ).toEqual({ option: 'depositCash', paidMinor: 4080, cashMinor: 9521 })
    expect(
      paymentSplit(row({ total_minor: 13600, payment_option: null, paid_minor: null })),
    ).toEqual({
      option: 'fullCard',
      paidMinor: 13600,
      cashMinor: 0,
    })
  })

  it('takes the deposit share the booking was quoted with', () => {
    expect(
      paymentSplit(
        row({ total_minor: 10000, payment_option: 'depositCash', paid_minor: null }, 20),
      ),
    ).toEqual({ option: 'depositCash', paidMinor: 2000, cashMinor: 8000 })
  })

  it('never asks the driver to collect a negative amount', () => {
    // A card charged more than the stored total (the total was priced again after paying).
    expect(
      paymentSplit(row({ total_minor: 13000, payment_option: 'fullCard', paid_minor: 13600 })),
    ).toEqual({ option: 'fullCard', paidMinor: 13600, cashMinor: 0 })
  })
})
