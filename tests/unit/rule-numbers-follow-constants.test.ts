import { describe, expect, it, vi } from 'vitest'
import { parseEnv } from '~/config/env.server'
import { siteSettingsFrom } from '~/config/site.server'
import { legalPage } from '~/content/legal.server'
import { listServices } from '~/content/services.server'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { sharedI18n } from '~/i18n/middleware.server'
import { cancellationTerms } from '~/traveller/cancellation-terms.server'
import { readDepositPercentFrom } from '~/domain/booking/rule-numbers'

// Other rules than the real ones: every text below must follow them, which it
// can only do if it takes its numbers from the constants.
vi.mock('~/domain/booking/cancellation', async (original) => ({
  ...(await original<object>()),
  FREE_CANCELLATION_HOURS: 48,
}))
vi.mock('~/domain/booking/quote-hold', async (original) => ({
  ...(await original<object>()),
  QUOTE_VALID_MINUTES: 20,
}))

const site = siteSettingsFrom(parseEnv({}))

describe('texts stating the booking rules', () => {
  it('take the change and cancellation window from the domain', async () => {
    expect(translatorFor('en')('traveller.cancel.free')).toMatch(/^Pickup is 48 hours or more away/)
    expect(translatorFor('tr')('traveller.cancel.tooLate')).toMatch(/^Alış saatine 48 saatten az/)
    expect(
      translatorFor('en')('mail.nextContact', { phone: 'p', email: 'e', reference: 'r' }),
    ).toContain('until 48 hours before pickup')
    const pages = (await sharedI18n('en')).t
    expect(pages('ops.cancel.termsLate')).toMatch(/^Pickup is less than 48 hours away/)
    const terms = JSON.stringify(legalPage('terms', 'en', site))
    expect(terms).toContain('at least 48 hours before the pickup time')
    expect(terms).not.toMatch(/\b24 hours/)
    expect(cancellationTerms('tr', site).rules).toContain(
      'Alış saatine 48 saatten az kala yapılan iptallerde iade yapılmaz.',
    )
    expect(JSON.stringify(listServices('en', site))).toContain('up to 48 hours before pickup')
  })

  it('take the deposit, and what is left in cash, from the price list in force', () => {
    // As prices-in-force.server.ts installs it: the version in force at each call.
    let depositInForce = 25
    readDepositPercentFrom(() => depositInForce)
    expect(translatorFor('en')('received.depositCash')).toBe('25% Deposit + Cash')
    expect(translatorFor('tr')('received.depositCash')).toBe('%25 Ön Ödeme + Nakit')
    expect(JSON.stringify(legalPage('distance-agreement', 'en', site))).toContain(
      'pays 25% of the price by card at booking and the remaining 75% in cash',
    )
    expect(JSON.stringify(legalPage('terms', 'tr', site))).toContain(
      'bedelin %25 oranındaki kısmını rezervasyon sırasında kartla kapora olarak, kalan %75 oranındaki kısmını',
    )
    // A version published later states its own share from then on, with no restart.
    depositInForce = 20
    expect(translatorFor('en')('received.depositCash')).toBe('20% Deposit + Cash')
    expect(JSON.stringify(legalPage('distance-agreement', 'en', site))).toContain(
      'pays 20% of the price by card at booking and the remaining 80% in cash',
    )
  })

  it('take the price hold from the domain', () => {
    expect(translatorFor('en')('booking.notices.quoteExpired')).toContain(
      'prices are held for 20 minutes',
    )
    expect(translatorFor('tr')('booking.notices.quoteExpired')).toContain(
      'fiyatlar 20 dakika tutulur',
    )
  })
})
