import { describe, expect, it } from 'vitest'
import { extractCity } from './city-extraction'
import { fold } from './fold'

describe('fold', () => {
  it('folds Turkish letters and case', () => {
    expect(fold('Sabiha Gökçen Havalimanı')).toBe('sabiha gokcen havalimani')
    expect(fold('İSTANBUL')).toBe('istanbul')
    expect(fold('  Şişli,  Çağlayan ')).toBe('sisli caglayan')
    expect(fold('Üsküdar/İstanbul')).toBe('uskudar/istanbul')
  })
})

describe('extractCity', () => {
  it('takes the second-to-last part of a Google-style address', () => {
    expect(extractCity('Kadıköy, İstanbul, Türkiye')).toBe('istanbul')
    expect(extractCity('Osmangazi, Bursa, Turkey')).toBe('bursa')
  })
  it('uses the text after a slash', () => {
    expect(extractCity('Caferağa Mah., Kadıköy/İstanbul, Türkiye')).toBe('istanbul')
  })
  it('falls back to the last part when the second-to-last is the country or empty', () => {
    expect(extractCity('Türkiye, Antalya')).toBe('antalya')
    expect(extractCity(', Yalova')).toBe('yalova')
  })
  it('takes a single part as it is', () => {
    expect(extractCity('Sapanca')).toBe('sapanca')
    expect(extractCity('SAW')).toBe('saw')
  })
})
