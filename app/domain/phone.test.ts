import { describe, expect, it } from 'vitest'
import { canReceiveSms } from '~/messages/phone-types.server'
import { formatPhone, rideContact, toE164, whatsappLink } from './phone'

describe('toE164', () => {
  it('reads a number without a country code as Turkish', () => {
    expect(toE164('0532 555 01 00')).toBe('+905325550100')
    expect(toE164('(0532) 555-0100')).toBe('+905325550100')
    expect(toE164('532 555 01 00')).toBe('+905325550100')
  })

  it('keeps a foreign number with its country code', () => {
    expect(toE164('+49 151 23456789')).toBe('+4915123456789')
    expect(toE164('+1 415 555 2671')).toBe('+14155552671')
    // 00 is how a caller in Turkey dials abroad.
    expect(toE164('00 44 7911 123456')).toBe('+447911123456')
    expect(toE164('+44 7911 123456')).toBe('+447911123456')
  })

  it('refuses what cannot be a phone number', () => {
    for (const text of ['12345', '+90 532', 'call me', '', '+999 1234567']) {
      expect(toE164(text), text).toBeUndefined()
    }
  })

  it('shows a stored number grouped the international way', () => {
    expect(formatPhone('+905325550100')).toBe('+90 532 555 01 00')
    expect(formatPhone('not-a-number')).toBe('not-a-number')
  })
})

describe('canReceiveSms', () => {
  it('accepts mobiles, and numbers that may be mobiles', () => {
    expect(canReceiveSms('+905325550100')).toBe(true)
    expect(canReceiveSms('+4915123456789')).toBe(true)
    expect(canReceiveSms('+14155552671')).toBe(true)
  })

  it('refuses landlines and service numbers', () => {
    expect(canReceiveSms('+902125550100')).toBe(false) // Istanbul landline
    expect(canReceiveSms('+908502220444')).toBe(false) // 0850 shared-cost
    expect(canReceiveSms('+498912345678')).toBe(false) // Munich landline
    expect(canReceiveSms('nonsense')).toBe(false)
  })
})

describe('rideContact', () => {
  it('gives the number grouped and a WhatsApp chat while the ride is to come', () => {
    expect(rideContact('0532 555 01 00', false)).toEqual({
      phone: '+90 532 555 01 00',
      whatsapp: 'https://wa.me/905325550100',
    })
    expect(whatsappLink('not a number')).toBeUndefined()
  })

  it('gives nothing once the ride has ended, or without a number', () => {
    expect(rideContact('+905325550100', true)).toBeNull()
    expect(rideContact(null, false)).toBeNull()
  })
})
