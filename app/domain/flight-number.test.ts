import { describe, expect, it } from 'vitest'
import { flightNumberInputMax, parseFlightNumber, type FlightNumber } from './flight-number'

const flight = (text: string): FlightNumber => {
  const result = parseFlightNumber(text)
  if (!result.ok) throw new Error(`${text} refused: ${result.reason}`)
  return result.flight
}

describe('parseFlightNumber', () => {
  it.each([
    ['TK1984', 'TK1984'],
    ['tk 1984', 'TK1984'],
    ['Tk-1984', 'TK1984'],
    ['  TK   1984  ', 'TK1984'],
    ['T K 1 9 8 4', 'TK1984'],
    ['TK–1984', 'TK1984'], // an en dash, as phones autocorrect it
    ['ｔｋ１９８４', 'TK1984'], // full-width, from an Asian input method
    ['PC2010', 'PC2010'],
    ['pc 2010', 'PC2010'],
    ['U2 1234', 'U21234'],
    ['u21234', 'U21234'],
    ['3U 8888', '3U8888'],
    ['6E12', '6E12'],
    ['A3 990', 'A3990'],
    ['LH1', 'LH1'],
    ['TK9999', 'TK9999'],
    ['TK1984A', 'TK1984A'],
    ['tk 1984 a', 'TK1984A'],
  ])('reads %j as the IATA flight %s', (text, ident) => {
    expect(flight(text)).toMatchObject({ ident, form: 'iata' })
  })

  it.each([
    ['THY1984', 'THY1984'],
    ['THY-1984', 'THY1984'],
    ['thy 1984', 'THY1984'],
    ['PGT 2010', 'PGT2010'],
    ['EZY12', 'EZY12'],
    ['THY0012', 'THY12'],
    ['THY1984B', 'THY1984B'],
  ])('reads %j as the ICAO flight %s, keeping the ICAO form', (text, ident) => {
    expect(flight(text)).toMatchObject({ ident, form: 'icao' })
  })

  it.each([
    ['TK0012', 'TK12', 12],
    ['TK 0001', 'TK1', 1],
    ['TK0100', 'TK100', 100],
    ['TK012A', 'TK12A', 12],
    ['U2 0019', 'U219', 19],
  ])('drops the leading zeros of %j, as schedules write %s', (text, ident, number) => {
    expect(flight(text)).toMatchObject({ ident, number })
  })

  it('gives each part on its own', () => {
    expect(flight('tk 0012 a')).toEqual({
      designator: 'TK',
      number: 12,
      suffix: 'A',
      form: 'iata',
      ident: 'TK12A',
    })
    expect(flight('THY-1984')).toEqual({
      designator: 'THY',
      number: 1984,
      suffix: null,
      form: 'icao',
      ident: 'THY1984',
    })
    expect(flight('3U8888')).toMatchObject({ designator: '3U', number: 8888, suffix: null })
  })

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    [' - - ', 'empty'],
    ['x'.repeat(flightNumberInputMax + 1), 'too-long'],
    ['TK 1984 please, thanks', 'too-long'],
    ['TK/1984', 'characters'],
    ['TK.1984', 'characters'],
    ['TK#1984', 'characters'],
    ['TK_1984', 'characters'],
    ['ŞK1984', 'characters'],
    ['1984', 'only-digits'],
    ['0012', 'only-digits'],
    ['123456', 'only-digits'],
    ['12 34', 'only-digits'],
    ['T', 'designator'],
    ['12AB', 'designator'],
    ['12A34', 'designator'],
    ['1T', 'no-number'],
    ['TKAB12', 'designator'],
    ['ABCD12', 'designator'],
    ['TK', 'no-number'],
    ['THY', 'no-number'],
    ['U2', 'no-number'],
    ['TK12345', 'number-too-long'],
    ['TK01984', 'number-too-long'],
    ['THY12345', 'number-too-long'],
    ['TK0', 'number-zero'],
    ['TK0000', 'number-zero'],
    ['TK0000A', 'number-zero'],
    ['TK1984AB', 'suffix'],
    ['TK19A4', 'suffix'],
    ['TK1984A1', 'suffix'],
    ['THY1984XY', 'suffix'],
    ['to the moon', 'designator'],
  ])('refuses %j: %s', (text, reason) => {
    expect(parseFlightNumber(text)).toEqual({ ok: false, reason })
  })

  it('takes a padded ident up to the field length, and not one character more', () => {
    const padded = 'TK - 1984 - A'.padEnd(flightNumberInputMax, ' ')
    expect(flight(padded).ident).toBe('TK1984A')
    expect(parseFlightNumber(`${padded} `)).toEqual({ ok: false, reason: 'too-long' })
  })

  it('reads its own ident back as the same flight', () => {
    for (const text of ['tk 0012', 'THY-1984', 'u2 19 a', '3U0008']) {
      const first = flight(text)
      expect(flight(first.ident)).toEqual(first)
    }
  })
})
