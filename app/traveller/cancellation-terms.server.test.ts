import { describe, expect, it } from 'vitest'
import { getSiteSettings } from '~/config/site.server'
import { ruleNumbers } from '~/domain/booking/rule-numbers'
import { cancellationTerms } from './cancellation-terms.server'

describe('the terms quoted when a cancellation comes too late', () => {
  const hours = ruleNumbers.changeWindowHours
  it('are the section stating the free cancellation rule, in each language', () => {
    const english = cancellationTerms('en', getSiteSettings())
    expect(english.heading).toBe('5. Cancellation and Refunds')
    expect(english.rules).toContain(
      `If you cancel less than ${hours} hours before the pickup time, no refund is given.`,
    )
    expect(english.href).toBe('/terms#section-5')
    const turkish = cancellationTerms('tr', getSiteSettings())
    expect(turkish.heading).toBe('5. İptal ve İade')
    expect(turkish.rules).toContain(
      `Alış saatine ${hours} saatten az kala yapılan iptallerde iade yapılmaz.`,
    )
  })
})
