import { describe, expect, it } from 'vitest'
import { smsEncoding, smsSize } from './sms-segments'

describe('smsSize', () => {
  it('counts plain English as GSM-7: 160 in one part, 153 per part after', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 })
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 })
    expect(smsSize('a'.repeat(306)).segments).toBe(2)
    expect(smsSize('a'.repeat(307)).segments).toBe(3)
    expect(smsSize('').segments).toBe(0)
  })

  it('counts an escaped character twice and never splits it across parts', () => {
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 })
    expect(smsSize('€'.repeat(81)).segments).toBe(2)
    // 152 places, then a two-place euro: it does not fit in the first part's 153.
    const text = 'a'.repeat(152) + '€' + 'b'.repeat(152)
    expect(smsSize(text)).toMatchObject({ units: 306, segments: 3 })
  })

  it('keeps Turkish text with ç and ö in GSM-7, but ş, ğ, ı and İ make it UCS-2', () => {
    expect(smsEncoding('Çok güzel, görüşürüz'.replace('ş', 's'))).toBe('GSM-7')
    for (const letter of ['ş', 'Ş', 'ğ', 'Ğ', 'ı', 'İ']) {
      expect(smsEncoding(`Sürücünüz ${letter}`)).toBe('UCS-2')
    }
    expect(smsSize('ş'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 })
    expect(smsSize('ş'.repeat(71)).segments).toBe(2)
    expect(smsSize('ş'.repeat(134)).segments).toBe(2)
    expect(smsSize('ş'.repeat(135)).segments).toBe(3)
  })

  it('counts an emoji as two UCS-2 units and never splits the pair', () => {
    expect(smsSize('🚗')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 })
    const text = 'ş'.repeat(66) + '🚗' + 'ş'.repeat(10)
    expect(smsSize(text)).toMatchObject({ units: 78, segments: 2 })
    // The pair starting at unit 67 moves whole to the second part.
    expect(smsSize('ş'.repeat(66) + '🚗' + 'ş'.repeat(65)).segments).toBe(2)
    expect(smsSize('ş'.repeat(66) + '🚗' + 'ş'.repeat(66)).segments).toBe(3)
  })
})
