import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  endTimes,
  hoursFormDefaults,
  hoursOfForm,
  hoursSchema,
  startTimes,
  timeOffDefaults,
  timeOffSchema,
  timeOffSpan,
} from './driver-hours-forms'

/** The field errors of a refused submission. */
function errorsOf(submission: { status?: string; error?: unknown }) {
  expect(submission.status).toBe('error')
  return submission.error
}

function form(values: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(values)) data.set(name, value)
  return data
}

describe('the times offered', () => {
  it('a stretch starts from 00:00 to 23:45 and ends from 00:15 to 24:00, every 15 minutes', () => {
    expect(startTimes()).toHaveLength(96)
    expect(startTimes().slice(0, 2)).toEqual(['00:00', '00:15'])
    expect(startTimes().at(-1)).toBe('23:45')
    expect(endTimes()).toHaveLength(96)
    expect(endTimes()[0]).toBe('00:15')
    expect(endTimes().at(-1)).toBe('24:00')
  })
})

describe('the weekly hours form', () => {
  it('reads each day’s stretches, a second one for a split shift, empty days not working', () => {
    const submission = parseWithZod(
      form({
        intent: 'hours',
        'monday.from': '08:00',
        'monday.until': '12:00',
        'monday.from2': '14:00',
        'monday.until2': '18:00',
        'tuesday.from': '18:00',
        'tuesday.until': '24:00',
        'wednesday.from': '00:00',
        'wednesday.until': '02:00',
        'thursday.from': '',
        'thursday.until': '',
      }),
      { schema: hoursSchema },
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(hoursOfForm(submission.value)).toEqual([
      { weekday: 1, starts: '08:00', ends: '12:00' },
      { weekday: 1, starts: '14:00', ends: '18:00' },
      { weekday: 2, starts: '18:00', ends: '24:00' },
      { weekday: 3, starts: '00:00', ends: '02:00' },
    ])
  })

  it('an empty week is valid: no hours, works any time', () => {
    const submission = parseWithZod(form({ intent: 'hours' }), { schema: hoursSchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && hoursOfForm(submission.value)).toEqual([])
  })

  it('refuses a half-filled stretch, an until not after its from, overlapping stretches', () => {
    const submission = parseWithZod(
      form({
        'monday.from': '08:00',
        'tuesday.until': '18:00',
        'wednesday.from': '18:00',
        'wednesday.until': '08:00',
        'thursday.from': '08:00',
        'thursday.until': '14:00',
        'thursday.from2': '12:00',
        'thursday.until2': '18:00',
        'friday.from': '24:00',
        'friday.until': '25:00',
      }),
      { schema: hoursSchema },
    )
    expect(errorsOf(submission)).toMatchObject({
      'monday.until': ['ops.driverHours.errors.untilRequired'],
      'tuesday.from': ['ops.driverHours.errors.fromRequired'],
      'wednesday.until': ['ops.driverHours.errors.untilNotAfterFrom'],
      'thursday.from2': ['ops.driverHours.errors.overlap'],
      'friday.from': ['ops.driverHours.errors.timeUnknown'],
      'friday.until': ['ops.driverHours.errors.timeUnknown'],
    })
    // What was typed comes back with the messages.
    expect(submission.reply().initialValue).toMatchObject({
      monday: { from: '08:00' },
      wednesday: { from: '18:00', until: '08:00' },
    })
  })

  it('fills the form from the stored week, two stretches a day at most', () => {
    const defaults = hoursFormDefaults([
      { weekday: 1, starts: '14:00', ends: '18:00' },
      { weekday: 1, starts: '08:00', ends: '12:00' },
      { weekday: 7, starts: '10:00', ends: '24:00' },
    ])
    expect(defaults.monday).toEqual({
      from: '08:00',
      until: '12:00',
      from2: '14:00',
      until2: '18:00',
    })
    expect(defaults.tuesday).toEqual({ from: '', until: '', from2: '', until2: '' })
    expect(defaults.sunday).toMatchObject({ from: '10:00', until: '24:00' })
  })
})

describe('the time off form', () => {
  const now = new Date('2027-06-07T09:00:00Z') // Monday 12:00 in Istanbul

  it('needs dates and times from the lists; the note is optional', () => {
    const refused = parseWithZod(
      form({ fromDate: '2027-02-30', fromTime: '24:00', untilDate: '', untilTime: '' }),
      { schema: timeOffSchema },
    )
    expect(errorsOf(refused)).toMatchObject({
      fromDate: ['ops.driverHours.errors.dateInvalid'],
      fromTime: ['ops.driverHours.errors.timeRequired'],
      untilDate: ['ops.driverHours.errors.untilDateRequired'],
      untilTime: ['ops.driverHours.errors.timeRequired'],
    })
    const accepted = parseWithZod(form(timeOffDefaults('2027-06-08')), { schema: timeOffSchema })
    expect(accepted.status).toBe('success')
    expect(accepted.status === 'success' && accepted.value.note).toBeUndefined()
  })

  it('a whole day off runs from its 00:00 to its 24:00, Istanbul time', () => {
    const span = timeOffSpan(timeOffDefaults('2027-06-08'), now)
    expect(span).toEqual({
      ok: true,
      startsAt: new Date('2027-06-07T21:00:00.000Z'),
      endsAt: new Date('2027-06-08T21:00:00.000Z'),
    })
  })

  it('refuses an until not after the from, already over, or more than a year on', () => {
    const base = { fromDate: '2027-06-08', fromTime: '10:00', untilDate: '2027-06-08' }
    expect(timeOffSpan({ ...base, untilTime: '10:00' }, now)).toEqual({
      ok: false,
      fieldErrors: { untilDate: ['ops.driverHours.errors.untilNotAfterFrom'] },
    })
    expect(
      timeOffSpan(
        { fromDate: '2027-06-07', fromTime: '08:00', untilDate: '2027-06-07', untilTime: '11:00' },
        now,
      ),
    ).toEqual({ ok: false, fieldErrors: { untilDate: ['ops.driverHours.errors.untilPast'] } })
    expect(timeOffSpan({ ...base, untilDate: '2028-06-10', untilTime: '10:00' }, now)).toEqual({
      ok: false,
      fieldErrors: { untilDate: ['ops.driverHours.errors.tooLong'] },
    })
    // Running now: not over yet, so it is kept.
    expect(
      timeOffSpan(
        { fromDate: '2027-06-07', fromTime: '08:00', untilDate: '2027-06-07', untilTime: '13:00' },
        now,
      ).ok,
    ).toBe(true)
  })
})
