import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  allowanceSchema,
  capacityRulesDefaults,
  capacityRulesSchema,
  capacityRulesValues,
  closedPeriodSchema,
  isCalendarDate,
  periodErrors,
  vehicleBlockSchema,
} from './capacity-forms'

/** A form as a browser posts it (a name may come more than once). */
function formOf(entries: [string, string][]) {
  const form = new FormData()
  for (const [name, value] of entries) form.append(name, value)
  return form
}

/** Each form of /ops/capacity, parsed as the server does. */
const post = {
  rules: (entries: [string, string][]) =>
    parseWithZod(formOf(entries), { schema: capacityRulesSchema }),
  period: (entries: [string, string][]) =>
    parseWithZod(formOf(entries), { schema: closedPeriodSchema }),
  block: (entries: [string, string][]) =>
    parseWithZod(formOf(entries), { schema: vehicleBlockSchema }),
  allowance: (entries: [string, string][]) =>
    parseWithZod(formOf(entries), { schema: allowanceSchema }),
}

/** The rules form with nothing but the buffers typed: every cap empty, no box ticked. */
const emptyRules: [string, string][] = [
  ['minimumNoticeHours', '2'],
  ['bufferBeforeMinutes', '30'],
  ['bufferAfterMinutes', '15'],
  ...['ECOMNVN', 'LUXMNVN', 'ECOMNBS', 'LUXMNBS'].flatMap((code): [string, string][] => [
    [`caps.${code}.perDay`, ''],
    [`caps.${code}.perHour`, ''],
  ]),
]

describe('the rules form', () => {
  it('takes the rules with no box ticked and no cap as no limit but the buffers', () => {
    const submission = post.rules(emptyRules)
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(capacityRulesValues(submission.value)).toEqual({
      fleetLimited: false,
      driversLimited: false,
      minimumNoticeMinutes: 120,
      bufferBeforeMinutes: 30,
      bufferAfterMinutes: 15,
      upgrades: {},
      caps: {},
    })
  })

  it('reads the fleet and drivers limits, upgrades (one box or several) and caps', () => {
    const typed = new Map([
      ['minimumNoticeHours', '6'],
      ['bufferBeforeMinutes', '45'],
      ['caps.LUXMNVN.perDay', '12'],
      ['caps.LUXMNBS.perHour', '2'],
    ])
    const submission = post.rules([
      ['fleetLimited', 'on'],
      ['driversLimited', 'on'],
      ...emptyRules.map(([name, value]): [string, string] => [name, typed.get(name) ?? value]),
      ['upgrades.ECOMNVN', 'LUXMNVN'],
      ['upgrades.ECOMNBS', 'LUXMNBS'],
      ['upgrades.ECOMNBS', 'ECOMNVN'],
    ])
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    const values = capacityRulesValues(submission.value)
    expect(values).toEqual({
      fleetLimited: true,
      driversLimited: true,
      minimumNoticeMinutes: 360,
      bufferBeforeMinutes: 45,
      bufferAfterMinutes: 15,
      // In the classes' order, whatever the boxes' order.
      upgrades: { ECOMNVN: ['LUXMNVN'], ECOMNBS: ['ECOMNVN', 'LUXMNBS'] },
      caps: {
        LUXMNVN: { perDay: 12, perHour: null },
        LUXMNBS: { perDay: null, perHour: 2 },
      },
    })
    // The form starts again from what was stored.
    expect(capacityRulesDefaults(values)).toMatchObject({
      fleetLimited: 'on',
      driversLimited: 'on',
      minimumNoticeHours: '6',
      bufferBeforeMinutes: '45',
      upgrades: { ECOMNVN: ['LUXMNVN'], LUXMNVN: [], ECOMNBS: ['ECOMNVN', 'LUXMNBS'] },
      caps: { LUXMNVN: { perDay: '12', perHour: '' }, ECOMNVN: { perDay: '', perHour: '' } },
    })
  })

  it('keeps the buffers whole minutes from 0 to 240', () => {
    const withBefore = (minutes: string) =>
      post.rules([
        ...emptyRules.filter(([name]) => name !== 'bufferBeforeMinutes'),
        ['bufferBeforeMinutes', minutes],
      ])
    expect(withBefore('0').status).toBe('success')
    expect(withBefore('240').status).toBe('success')
    for (const wrong of ['241', '-5', '12.5', 'half an hour', '']) {
      expect(withBefore(wrong).reply().error?.bufferBeforeMinutes, wrong).toEqual([
        'opsCapacity.errors.bufferRange?max=240',
      ])
    }
  })

  it('keeps the minimum notice whole hours from 2 (the terms’) to 72', () => {
    const withNotice = (hours: string) =>
      post.rules([
        ...emptyRules.filter(([name]) => name !== 'minimumNoticeHours'),
        ['minimumNoticeHours', hours],
      ])
    expect(withNotice('2').status).toBe('success')
    expect(withNotice('72').status).toBe('success')
    for (const wrong of ['1', '0', '73', '2.5', '']) {
      expect(withNotice(wrong).reply().error?.minimumNoticeHours, wrong).toEqual([
        'opsCapacity.errors.noticeRange?min=2&max=72',
      ])
    }
  })

  it('keeps a cap empty or a whole number from 1 to 500', () => {
    const withCap = (cap: string) =>
      post.rules([
        ...emptyRules.filter(([name]) => name !== 'caps.ECOMNBS.perDay'),
        ['caps.ECOMNBS.perDay', cap],
      ])
    expect(withCap('1').status).toBe('success')
    expect(withCap('500').status).toBe('success')
    for (const wrong of ['0', '501', '2.5', 'ten']) {
      expect(withCap(wrong).reply().error?.['caps.ECOMNBS.perDay'], wrong).toEqual([
        'opsCapacity.errors.capRange?max=500',
      ])
    }
  })

  it('refuses a class driving its own rides as an upgrade, and a class it does not know', () => {
    const itself = post.rules([...emptyRules, ['upgrades.LUXMNVN', 'LUXMNVN']])
    expect(itself.reply().error?.['upgrades.LUXMNVN']).toEqual(['opsCapacity.errors.upgradeItself'])
    const unknown = post.rules([...emptyRules, ['upgrades.LUXMNVN', 'LIMO']])
    expect(unknown.status).toBe('error')
  })
})

const period: [string, string][] = [
  ['fromDate', '2026-12-31'],
  ['fromTime', '18:00'],
  ['untilDate', '2027-01-01'],
  ['untilTime', '06:00'],
  ['reasonEn', 'New Year’s Eve: the roads are closed'],
  ['reasonTr', 'Yılbaşı gecesi: yollar kapalı'],
]
const replaced = (entries: [string, string][], name: string, value: string) =>
  entries.map(([key, old]): [string, string] => [key, key === name ? value : old])

describe('the closed period form', () => {
  it('takes a period with its reasons in both languages', () => {
    const submission = post.period(period)
    expect(submission.status).toBe('success')
  })

  it('needs both reasons, up to 200 characters, with no control characters', () => {
    expect(post.period(replaced(period, 'reasonEn', ' ')).reply().error).toEqual({
      reasonEn: ['opsCapacity.errors.reasonEnRequired'],
    })
    expect(post.period(replaced(period, 'reasonTr', 'ş'.repeat(201))).reply().error).toEqual({
      reasonTr: ['forms.errors.tooLong?max=200'],
    })
    expect(post.period(replaced(period, 'reasonTr', 'ş'.repeat(200))).status).toBe('success')
    expect(post.period(replaced(period, 'reasonEn', 'Closed\u0007')).reply().error).toEqual({
      reasonEn: ['forms.errors.controlCharacters'],
    })
  })

  it('takes only days that exist and the pickup times', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2027-02-29')).toBe(false)
    expect(isCalendarDate('31.12.2026')).toBe(false)
    expect(post.period(replaced(period, 'fromDate', '2026-02-31')).reply().error).toEqual({
      fromDate: ['opsCapacity.errors.dateInvalid'],
    })
    expect(post.period(replaced(period, 'untilDate', '')).reply().error).toEqual({
      untilDate: ['opsCapacity.errors.untilDateRequired'],
    })
    expect(post.period(replaced(period, 'fromTime', '18:05')).reply().error).toEqual({
      fromTime: ['opsCapacity.errors.timeRequired'],
    })
  })
})

describe('a period’s instants', () => {
  const now = new Date('2026-12-01T09:00:00Z')

  it('are Istanbul times, 00:00 being the midnight that ends the day', () => {
    expect(
      periodErrors(
        { fromDate: '2026-12-31', fromTime: '18:00', untilDate: '2026-12-31', untilTime: '00:00' },
        now,
      ),
    ).toEqual({
      ok: true,
      startsAt: new Date('2026-12-31T15:00:00Z'),
      endsAt: new Date('2026-12-31T21:00:00Z'),
    })
  })

  it('refuse an until that is not after the from, or already past', () => {
    expect(
      periodErrors(
        { fromDate: '2026-12-31', fromTime: '18:00', untilDate: '2026-12-31', untilTime: '18:00' },
        now,
      ),
    ).toEqual({ ok: false, fieldErrors: { untilDate: ['opsCapacity.errors.untilNotAfterFrom'] } })
    expect(
      periodErrors(
        { fromDate: '2026-11-30', fromTime: '08:00', untilDate: '2026-12-01', untilTime: '12:00' },
        now,
      ),
    ).toEqual({ ok: false, fieldErrors: { untilDate: ['opsCapacity.errors.untilPast'] } })
    // A period already begun but not over is taken.
    expect(
      periodErrors(
        { fromDate: '2026-11-30', fromTime: '08:00', untilDate: '2026-12-01', untilTime: '12:15' },
        now,
      ).ok,
    ).toBe(true)
  })
})

describe('the service block form', () => {
  const block: [string, string][] = [
    ['vehicleId', '7'],
    ...period.filter(([name]) => !name.startsWith('reason')),
    ['note', 'Tyres and brakes at the dealer'],
  ]

  it('takes a vehicle, a period and a note', () => {
    const submission = post.block(block)
    expect(submission.status).toBe('success')
    if (submission.status === 'success') expect(submission.value.vehicleId).toBe(7)
  })

  it('needs a vehicle and a note of up to 200 characters', () => {
    expect(post.block(replaced(block, 'vehicleId', '')).reply().error).toEqual({
      vehicleId: ['opsCapacity.errors.vehicleRequired'],
    })
    expect(post.block(replaced(block, 'note', '')).reply().error).toEqual({
      note: ['opsCapacity.errors.noteRequired'],
    })
    expect(post.block(replaced(block, 'note', 'x'.repeat(201))).reply().error).toEqual({
      note: ['forms.errors.tooLong?max=200'],
    })
  })
})

describe('the form allowing rides beyond the limits', () => {
  const allowance: [string, string][] = [
    ['vehicleClass', 'ECOMNVN'],
    ...period.filter(([name]) => !name.startsWith('reason')),
    ['extraRides', '2'],
    ['reason', 'Two cars hired from Boğaziçi Tur'],
  ]

  it('takes a class, a period, how many more rides and why', () => {
    const submission = post.allowance(allowance)
    expect(submission.status).toBe('success')
    if (submission.status === 'success') {
      expect(submission.value).toMatchObject({ vehicleClass: 'ECOMNVN', extraRides: 2 })
    }
  })

  it('needs a class it knows, 1 to 20 whole rides and a reason', () => {
    expect(post.allowance(replaced(allowance, 'vehicleClass', 'BUS')).reply().error).toEqual({
      vehicleClass: ['opsCapacity.errors.classRequired'],
    })
    for (const wrong of ['0', '21', '1.5', 'two', '']) {
      expect(post.allowance(replaced(allowance, 'extraRides', wrong)).reply().error).toEqual({
        extraRides: ['opsCapacity.errors.extraRidesRange?max=20'],
      })
    }
    expect(post.allowance(replaced(allowance, 'reason', ' ')).reply().error).toEqual({
      reason: ['opsCapacity.errors.allowanceReasonRequired'],
    })
  })
})
