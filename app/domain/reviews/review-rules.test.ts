import { describe, expect, it } from 'vitest'
import {
  lowAspects,
  overallScore,
  ratingSummary,
  reviewAuthorName,
  reviewRequestDue,
} from './review-rules'

const finished = new Date('2026-12-03T10:00:00Z')
const after = (hours: number) => new Date(finished.getTime() + hours * 3_600_000)

describe('reviewRequestDue', () => {
  it.each([
    [0, false],
    [1.99, false],
    [2, true],
    [24, true],
    [72, true],
    [72.01, false],
  ])('%s hours after the finish: %s', (hours, due) => {
    expect(reviewRequestDue(finished, after(hours))).toBe(due)
  })
})

describe('lowAspects', () => {
  it.each([
    [{ driver: 5, car: 5, punctuality: 5 }, []],
    [{ driver: 3, car: 3, punctuality: 3 }, []],
    [{ driver: 2, car: 5, punctuality: 5 }, ['driver']],
    [{ driver: 5, car: 1, punctuality: 2 }, ['car', 'punctuality']],
  ])('%o → %o', (stars, low) => {
    expect(lowAspects(stars)).toEqual(low)
  })
})

describe('overallScore and ratingSummary', () => {
  it.each([
    [{ driver: 5, car: 5, punctuality: 5 }, 5],
    [{ driver: 5, car: 4, punctuality: 4 }, 4.3],
    [{ driver: 1, car: 2, punctuality: 2 }, 1.7],
  ])('%o scores %s', (stars, score) => {
    expect(overallScore(stars)).toBe(score)
  })

  it('averages the scores, to one decimal, and has nothing to say about none', () => {
    expect(ratingSummary([])).toBeNull()
    expect(ratingSummary([5, 4.3, 4])).toEqual({ average: 4.4, count: 3 })
    expect(ratingSummary([5])).toEqual({ average: 5, count: 1 })
  })
})

describe('reviewAuthorName', () => {
  it.each([
    ['Anna Maria', 'Kowalski', 'Anna K.'],
    ['ayşe', 'ılgaz', 'ayşe I.'],
    ['Jean', '', 'Jean'],
    ['', 'Yılmaz', 'Y.'],
    [null, null, ''],
    ['  Ömer ', ' özdemir', 'Ömer Ö.'],
  ])('%s %s signs as "%s"', (first, last, signed) => {
    expect(reviewAuthorName(first, last)).toBe(signed)
  })
})
