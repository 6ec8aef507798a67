import { describe, expect, it } from 'vitest'
import { placeById, places } from './gazetteer'
import { exactPlace, mapsSearchUrl, placeLabel, placeWithArea } from './place-label'
import { resolvePlace } from './resolve'

/** What the pages call a place the traveller searched from, resolved as the search does. */
function labelOf(typed: string, language: 'en' | 'tr' = 'en') {
  const resolution = resolvePlace(typed, places)
  if (resolution.status !== 'found') throw new Error(`not found: ${typed}`)
  return placeLabel(resolution.place, typed, language)
}

describe('placeLabel', () => {
  it('keeps a named spot as the name, with the district it is priced as beside it', () => {
    expect(labelOf('Taksim')).toEqual({ name: 'Taksim', area: 'Beyoğlu' })
    expect(labelOf('  Galata ')).toEqual({ name: 'Galata', area: 'Beyoğlu' })
    expect(labelOf('Hilton, Sultanahmet', 'tr')).toEqual({
      name: 'Hilton, Sultanahmet',
      area: 'Fatih',
    })
    expect(labelOf('Bodrum')).toEqual({ name: 'Bodrum', area: 'Muğla' })
  })

  it('gives the place its own spelling when only its name was typed', () => {
    expect(labelOf('kadikoy')).toEqual({ name: 'Kadıköy' })
    expect(labelOf('Kadıköy, İstanbul, Türkiye')).toEqual({ name: 'Kadıköy' })
    expect(labelOf('izmit')).toEqual({ name: 'Kocaeli (İzmit)' })
  })

  it('names an airport by its own name, whatever code or alias was typed', () => {
    expect(labelOf('SAW')).toEqual({ name: 'Sabiha Gökçen Airport (SAW)' })
    expect(labelOf('ist', 'tr')).toEqual({ name: 'İstanbul Havalimanı (IST)' })
  })

  it('falls back to the text when the place is unknown, and to the place when nothing was typed', () => {
    expect(placeLabel(undefined, ' Somewhere ', 'en')).toEqual({ name: 'Somewhere' })
    expect(placeLabel(placeById(1012), '', 'tr')).toEqual({ name: 'Beyoğlu' })
  })

  it('writes the district after the spot for staff', () => {
    expect(placeWithArea({ name: 'Taksim', area: 'Beyoğlu' })).toBe('Taksim (Beyoğlu)')
    expect(placeWithArea({ name: 'Kadıköy' })).toBe('Kadıköy')
  })

  it('puts the exact address before the place, and searches maps for both', () => {
    const taksim = { name: 'Taksim', area: 'Beyoğlu' }
    expect(exactPlace(taksim, 'Pera Palace Hotel')).toBe('Pera Palace Hotel, Taksim')
    expect(exactPlace(taksim, null)).toBe('Taksim')
    expect(mapsSearchUrl(exactPlace(taksim, 'Meşrutiyet Cd. 52 & 54'))).toBe(
      'https://www.google.com/maps/search/?api=1&query=Me%C5%9Frutiyet%20Cd.%2052%20%26%2054%2C%20Taksim',
    )
  })
})
