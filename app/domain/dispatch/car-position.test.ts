import { describe, expect, it } from 'vitest'
import {
  distanceToGo,
  kilometres,
  positionIsStale,
  readCoordinates,
  sharesPosition,
} from './car-position'

const taksim = { lat: 41.0369, lng: 28.985 }
const besiktas = { lat: 41.0422, lng: 29.0083 }
const saw = { lat: 40.8986, lng: 29.3092 }

describe('readCoordinates', () => {
  it.each([
    ['41.0369', '28.985', '12.4', { lat: 41.0369, lng: 28.985, accuracyMetres: 12 }],
    [
      41.0369123456,
      28.9850987654,
      undefined,
      { lat: 41.03691, lng: 28.9851, accuracyMetres: null },
    ],
    ['41', '29', '-3', { lat: 41, lng: 29, accuracyMetres: null }],
    ['41', '29', 'far', { lat: 41, lng: 29, accuracyMetres: null }],
  ])('reads %s, %s (accuracy %s)', (lat, lng, accuracy, expected) => {
    expect(readCoordinates(lat, lng, accuracy)).toEqual(expected)
  })

  it.each([
    ['', '29'],
    ['41', ''],
    ['91', '29'],
    ['41', '181'],
    ['NaN', '29'],
    ['Infinity', '29'],
    ['0', '0'],
    ['41; drop table', '29'],
    [null, undefined],
    ['4'.repeat(40), '29'],
  ])('refuses %s, %s', (lat, lng) => {
    expect(readCoordinates(lat, lng)).toBeNull()
  })
})

describe('distanceToGo', () => {
  it('estimates road metres, and minutes at street speed for a car across town', () => {
    // About 2.07 km in a straight line; × 1.3 ≈ 2.69 km; at 20 km/h ≈ 8 minutes.
    const away = distanceToGo(taksim, besiktas, 1.3)
    expect(away.atPickup).toBe(false)
    expect(away.metres).toBeGreaterThan(2600)
    expect(away.metres).toBeLessThan(2750)
    expect(away.minutes).toBe(8)
    expect(kilometres(away.metres)).toBe(2.7)
  })

  it('drives the kilometres beyond the last five at road speed', () => {
    // Beşiktaş to Sabiha Gökçen: about 30 km straight, × 1.3 ≈ 39 km:
    // 5 km at 20 km/h (15 minutes), 34 km at 45 km/h (45 minutes).
    const away = distanceToGo(besiktas, saw, 1.3)
    expect(kilometres(away.metres)).toBe(39)
    expect(away.minutes).toBe(60)
  })

  it('calls a car within 150 m of the pickup there', () => {
    const near = { lat: taksim.lat + 0.001, lng: taksim.lng }
    expect(distanceToGo(near, taksim, 1.3)).toEqual({ metres: 0, minutes: 0, atPickup: true })
  })

  it('says at least one minute for a car just beyond the pickup', () => {
    const close = { lat: taksim.lat + 0.0015, lng: taksim.lng }
    expect(distanceToGo(close, taksim, 1.3).minutes).toBe(1)
  })
})

describe('kilometres', () => {
  it.each([
    [240, 0.2],
    [2449, 2.4],
    [9949, 9.9],
    [12_400, 12],
    [37_600, 38],
  ])('%i m is %s km', (metres, km) => {
    expect(kilometres(metres)).toBe(km)
  })
})

describe('positionIsStale', () => {
  const now = new Date('2026-12-01T10:00:00.000Z')
  it('keeps a position of three minutes ago fresh, and one older stale', () => {
    expect(positionIsStale('2026-12-01T09:57:00.000Z', now)).toBe(false)
    expect(positionIsStale('2026-12-01T09:56:59.000Z', now)).toBe(true)
  })
})

describe('sharesPosition', () => {
  it.each([
    ['on_the_way', true],
    ['arrived', true],
    ['confirmed', false],
    ['on_board', false],
    ['finished', false],
    ['cancelled', false],
  ])('%s: %s', (status, shares) => {
    expect(sharesPosition(status)).toBe(shares)
  })
})
