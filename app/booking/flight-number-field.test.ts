import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { flightNumberInputMax } from '~/domain/flight-number'
import { passengerLimits } from './booking-forms'
import { flightNumberField } from './flight-number-field'

function parse(value: string | undefined, field = flightNumberField()) {
  const data = new FormData()
  if (value !== undefined) data.append('flightNumber', value)
  return parseWithZod(data, { schema: z.object({ flightNumber: field }) })
}

describe('flightNumberField', () => {
  it.each([
    ['tk 1984', 'TK1984'],
    ['TK0012', 'TK12'],
    ['THY-1984', 'THY1984'],
    [' u2 19 a ', 'U219A'],
  ])('keeps %j as the ident %s', (typed, ident) => {
    const submission = parse(typed)
    expect(submission.status).toBe('success')
    if (submission.status === 'success') expect(submission.value.flightNumber).toBe(ident)
  })

  it('is optional', () => {
    for (const blank of [undefined, '', '   ']) {
      const submission = parse(blank)
      expect(submission.status).toBe('success')
      if (submission.status === 'success') expect(submission.value.flightNumber ?? '').toBe('')
    }
  })

  it("refuses what is not a flight number with the step's message", () => {
    for (const typed of ['1984', 'to the moon', 'TK12345', 'TK1984AB']) {
      expect(parse(typed).reply().error).toEqual({ flightNumber: ['booking.errors.flightNumber'] })
    }
  })

  it('can name each refusal, for a message that says what to fix', () => {
    const field = flightNumberField((reason) => `booking.errors.flight.${reason}`)
    expect(parse('TK12345', field).reply().error).toEqual({
      flightNumber: ['booking.errors.flight.number-too-long'],
    })
    expect(parse('1984', field).reply().error).toEqual({
      flightNumber: ['booking.errors.flight.only-digits'],
    })
  })

  it('refuses a text longer than the column with the shared message, and one message only', () => {
    const long = 'TK 1984'.padEnd(flightNumberInputMax + 1, ' ') + 'x'
    expect(parse(long).reply().error).toEqual({
      flightNumber: [`forms.errors.tooLong?max=${flightNumberInputMax}`],
    })
  })

  it("is as wide as the passenger step's column", () => {
    expect(flightNumberInputMax).toBe(passengerLimits.flightNumber)
  })
})
