import { describe, expect, it } from 'vitest'
import { places } from './gazetteer'
import { resolvePlace } from './resolve'

const idOf = (text: string) => {
  const resolution = resolvePlace(text, places)
  return resolution.status === 'found' ? resolution.place.id : resolution.status
}

describe('resolvePlace', () => {
  it('knows the airports by code, name and alias', () => {
    for (const text of [
      'SAW',
      'saw',
      'Sabiha',
      'Sabiha Gökçen',
      'sabiha gökçen airport',
      'Sabiha Gökçen Havalimanı',
    ]) {
      expect(idOf(text)).toBe(2)
    }
    for (const text of ['IST', 'IGA', 'Istanbul Airport', 'İstanbul Havalimanı'])
      expect(idOf(text)).toBe(1)
  })
  it('reads districts, neighbourhoods and Google-style addresses', () => {
    expect(idOf('Kadıköy')).toBe(1022)
    expect(idOf('KADIKOY')).toBe(1022)
    expect(idOf('Kadıköy, İstanbul, Türkiye')).toBe(1022)
    expect(idOf('Caferağa, Kadıköy/İstanbul, Türkiye')).toBe(1022)
    expect(idOf('Taksim Square')).toBe(1012)
    expect(idOf('Sultanahmet')).toBe(1019)
    expect(idOf('Şile')).toBe(1033)
    expect(idOf('Bursa, Türkiye')).toBe(2000)
    expect(idOf('Bodrum')).toBe(2010)
  })
  it('suggests places for a typo or a bare city', () => {
    const typo = resolvePlace('Kadikoyy', places)
    expect(typo.status).toBe('not-found')
    if (typo.status === 'not-found')
      expect(typo.suggestions.map((place) => place.id)).toContain(1022)
    const city = resolvePlace('Istanbul', places)
    expect(city.status).toBe('not-found')
    if (city.status === 'not-found') expect(city.suggestions.length).toBeGreaterThan(0)
  })
  it('asks for the district of a bare Istanbul and never offers an airport for it', () => {
    for (const text of ['Istanbul', 'İstanbul, Türkiye', 'istanbul/turkey']) {
      const city = resolvePlace(text, places)
      expect(city).toMatchObject({ status: 'not-found', wholeCity: true })
      if (city.status === 'not-found') {
        expect(city.suggestions.length).toBeGreaterThan(0)
        expect(city.suggestions.every((place) => place.kind === 'district')).toBe(true)
      }
    }
    // A street in Istanbul is not an airport either; a misspelt airport still is one.
    const street = resolvePlace('Istiklal Caddesi, Istanbul', places)
    if (street.status === 'not-found') {
      expect(street.suggestions.some((place) => place.kind === 'airport')).toBe(false)
    }
    const airport = resolvePlace('Istanbul airprt', places)
    expect(airport.status).toBe('not-found')
    if (airport.status === 'not-found') {
      expect(airport.suggestions.map((place) => place.id)).toContain(1)
    }
  })
  it('reports places outside the service area, never throwing', () => {
    expect(resolvePlace('Ankara', places)).toEqual({ status: 'out-of-area', city: 'ankara' })
    expect(resolvePlace('Mitte, Berlin, Germany', places)).toMatchObject({
      status: 'out-of-area',
      city: 'berlin',
    })
    expect(resolvePlace('', places)).toEqual({ status: 'not-found', suggestions: [] })
    expect(resolvePlace(',,,/', places).status).not.toBe('found')
  })
})
