import * as z from 'zod/mini'
import { fieldError, textField } from '~/forms/text-input'
import { addDays, timeOptions } from '~/domain/booking-window'
import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { pickupInstant } from '~/domain/trip-search'

/**
 * The forms of /ops/capacity (docs/capacity.md): the company's rules, a
 * closed period, a vehicle's service block. The server is their only judge
 * (the staff pages are not hydrated); what needs its clock (a period that
 * ends in the past) is checked by `periodErrors`. Messages are translation
 * keys under `opsCapacity.errors` (and the shared `forms.errors`).
 */
const error = (key: string) => `opsCapacity.errors.${key}`

/** The widest buffer before or after a ride, in minutes: four hours. */
export const MAX_BUFFER_MINUTES = 240
/** The company's minimum notice, in whole hours: never below the terms' two, at most three days. */
export const MIN_NOTICE_HOURS = 2
export const MAX_NOTICE_HOURS = 72
/** The most rides of a class a cap may allow, a day or an hour. */
export const MAX_CAP = 500
/** The longest reason or note: the width of their columns (migration 0031). */
export const MAX_CAPACITY_TEXT = 200
/** The most rides one allowance may add beyond the limits: more is a fleet to enter. */
export const MAX_EXTRA_RIDES = 20

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .check(
      z.int({ error: message }),
      z.minimum(min, { error: message }),
      z.maximum(max, { error: message }),
    )

const buffer = wholeNumber(
  0,
  MAX_BUFFER_MINUTES,
  fieldError(error('bufferRange'), {
    max: MAX_BUFFER_MINUTES,
  }),
)
/** Left empty, no cap. */
const cap = z.optional(wholeNumber(1, MAX_CAP, fieldError(error('capRange'), { max: MAX_CAP })))

const classUpgrades = z.optional(
  z.array(z.enum(vehicleClassCodes, { error: error('classUnknown') })),
)
const classCaps = z.optional(z.object({ perDay: cap, perHour: cap }))

function perClass<T extends z.ZodMiniType>(schema: T) {
  return z.object(
    Object.fromEntries(vehicleClassCodes.map((code) => [code, schema])) as Record<
      VehicleClassCode,
      T
    >,
  )
}

export const capacityRulesSchema = z
  .object({
    fleetLimited: z.optional(z.boolean()),
    driversLimited: z.optional(z.boolean()),
    minimumNoticeHours: wholeNumber(
      MIN_NOTICE_HOURS,
      MAX_NOTICE_HOURS,
      fieldError(error('noticeRange'), { min: MIN_NOTICE_HOURS, max: MAX_NOTICE_HOURS }),
    ),
    bufferBeforeMinutes: buffer,
    bufferAfterMinutes: buffer,
    /** For each class, the classes whose cars may drive its rides (checkboxes; never itself). */
    upgrades: z.optional(perClass(classUpgrades)),
    /** For each class, the most rides a day and an hour; empty, none. */
    caps: z.optional(perClass(classCaps)),
  })
  .check(
    z.superRefine((value, context) => {
      for (const code of vehicleClassCodes) {
        if (value.upgrades?.[code]?.includes(code)) {
          context.addIssue({
            code: 'custom',
            path: ['upgrades', code],
            message: error('upgradeItself'),
          })
        }
      }
    }),
  )
export type CapacityRulesForm = z.infer<typeof capacityRulesSchema>

/** The rules as the store takes them (app/capacity/capacity-settings.server.ts). */
export interface CapacityRulesValues {
  fleetLimited: boolean
  driversLimited: boolean
  minimumNoticeMinutes: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  upgrades: Partial<Record<VehicleClassCode, VehicleClassCode[]>>
  caps: Partial<Record<VehicleClassCode, { perDay: number | null; perHour: number | null }>>
}

/**
 * The form's values as stored: each class's upgrades in the classes' order,
 * once each, a class without any left out; caps left empty are null, a class
 * with neither cap left out.
 */
export function capacityRulesValues(form: CapacityRulesForm): CapacityRulesValues {
  const upgrades: CapacityRulesValues['upgrades'] = {}
  const caps: CapacityRulesValues['caps'] = {}
  for (const code of vehicleClassCodes) {
    const chosen = form.upgrades?.[code] ?? []
    const others = vehicleClassCodes.filter((other) => other !== code && chosen.includes(other))
    if (others.length > 0) upgrades[code] = others
    const perDay = form.caps?.[code]?.perDay ?? null
    const perHour = form.caps?.[code]?.perHour ?? null
    if (perDay !== null || perHour !== null) caps[code] = { perDay, perHour }
  }
  return {
    fleetLimited: form.fleetLimited === true,
    driversLimited: form.driversLimited === true,
    minimumNoticeMinutes: form.minimumNoticeHours * 60,
    bufferBeforeMinutes: form.bufferBeforeMinutes,
    bufferAfterMinutes: form.bufferAfterMinutes,
    upgrades,
    caps,
  }
}

/** The rules form's starting values from the rules stored. */
export function capacityRulesDefaults(rules: CapacityRulesValues) {
  return {
    fleetLimited: rules.fleetLimited ? 'on' : '',
    driversLimited: rules.driversLimited ? 'on' : '',
    minimumNoticeHours: String(rules.minimumNoticeMinutes / 60),
    bufferBeforeMinutes: String(rules.bufferBeforeMinutes),
    bufferAfterMinutes: String(rules.bufferAfterMinutes),
    upgrades: Object.fromEntries(
      vehicleClassCodes.map((code) => [code, (rules.upgrades[code] ?? []) as string[]]),
    ),
    caps: Object.fromEntries(
      vehicleClassCodes.map((code) => [
        code,
        {
          perDay: rules.caps[code]?.perDay == null ? '' : String(rules.caps[code]?.perDay),
          perHour: rules.caps[code]?.perHour == null ? '' : String(rules.caps[code]?.perHour),
        },
      ]),
    ),
  }
}

const times = timeOptions()
const datePattern = /^\d{4}-\d{2}-\d{2}$/

/** A calendar day that exists, as a date input sends it (YYYY-MM-DD). */
export function isCalendarDate(value: string): boolean {
  return datePattern.test(value) && addDays(value, 0) === value
}

const day = (required: string) =>
  textField({ max: 10, required }).check(
    z.refine((value) => isCalendarDate(value), { error: error('dateInvalid') }),
  )
const time = z.enum(times as [string, ...string[]], { error: error('timeRequired') })

/** A from and an until, each an Istanbul day and one of the pickup times. */
const span = {
  fromDate: day(error('fromDateRequired')),
  fromTime: time,
  untilDate: day(error('untilDateRequired')),
  untilTime: time,
}

export const closedPeriodSchema = z.object({
  ...span,
  reasonEn: textField({ max: MAX_CAPACITY_TEXT, required: error('reasonEnRequired') }),
  reasonTr: textField({ max: MAX_CAPACITY_TEXT, required: error('reasonTrRequired') }),
})
export type ClosedPeriodForm = z.infer<typeof closedPeriodSchema>

export const vehicleBlockSchema = z.object({
  vehicleId: z.number({ error: error('vehicleRequired') }).check(z.int(), z.positive()),
  ...span,
  note: textField({ max: MAX_CAPACITY_TEXT, required: error('noteRequired') }),
})
export type VehicleBlockForm = z.infer<typeof vehicleBlockSchema>

/**
 * Rides allowed beyond the limits, on purpose: for one class, so many more
 * with a pickup in the period, and why (for staff; travellers never see it).
 */
export const allowanceSchema = z.object({
  vehicleClass: z.enum(vehicleClassCodes, { error: error('classRequired') }),
  ...span,
  extraRides: wholeNumber(
    1,
    MAX_EXTRA_RIDES,
    fieldError(error('extraRidesRange'), { max: MAX_EXTRA_RIDES }),
  ),
  reason: textField({ max: MAX_CAPACITY_TEXT, required: error('allowanceReasonRequired') }),
})
export type AllowanceForm = z.infer<typeof allowanceSchema>

/**
 * The instant of an Istanbul day and time as the pickup times mean it: '00:00'
 * is the last time of a day, the midnight that ends it (pickupInstant).
 */
export function spanInstant(date: string, time: string): Date {
  return pickupInstant(date, time)
}

/**
 * A period's instants, or the message beside the field that is wrong: the
 * until must come after the from, and must not have passed already (the
 * period would be over, and never shown).
 */
export function periodErrors(
  value: { fromDate: string; fromTime: string; untilDate: string; untilTime: string },
  now: Date,
):
  | { ok: true; startsAt: Date; endsAt: Date }
  | { ok: false; fieldErrors: Record<string, string[]> } {
  const startsAt = spanInstant(value.fromDate, value.fromTime)
  const endsAt = spanInstant(value.untilDate, value.untilTime)
  if (endsAt.getTime() <= startsAt.getTime()) {
    return { ok: false, fieldErrors: { untilDate: [error('untilNotAfterFrom')] } }
  }
  if (endsAt.getTime() <= now.getTime()) {
    return { ok: false, fieldErrors: { untilDate: [error('untilPast')] } }
  }
  return { ok: true, startsAt, endsAt }
}
