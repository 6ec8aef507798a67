import * as z from 'zod/mini'
import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { extraCodes } from '~/domain/booking/extras'
import type { AirportCode } from '~/domain/places/types'
import type { PriceList } from '~/domain/pricing/price-list'

/**
 * The price list's edit form: every figure one field, named flat
 * (`classMinimum_ECOMNVN`, `fare_1000_iga_LUXMNVN`), shown the way staff think
 * of it (euros with cents, euros a km, per cent, HH:MM) and stored the way the
 * engine reads it (cents, per mille, whole per cent). Messages are translation
 * keys under `ops.prices.errors`.
 */

type FieldKind = 'euros' | 'eurosPerKm' | 'percent' | 'deposit' | 'time' | 'km'

interface PriceField {
  name: string
  kind: FieldKind
  read: (list: PriceList) => number | string
  write: (list: PriceList, value: number | string) => void
}

const error = (key: string) => `ops.prices.errors.${key}`
const airports: AirportCode[] = ['iga', 'saw']

function classFields(
  prefix: string,
  kind: FieldKind,
  pick: (list: PriceList) => Record<VehicleClassCode, number>,
): PriceField[] {
  return vehicleClassCodes.map((code) => ({
    name: `${prefix}_${code}`,
    kind,
    read: (list) => pick(list)[code],
    write: (list, value) => {
      pick(list)[code] = value as number
    },
  }))
}

/** The figures of the list other than the airport fares, in the form's order. */
export function generalFields(): PriceField[] {
  return [
    ...classFields('classMinimum', 'euros', (list) => list.classMinimumCents),
    ...classFields('airportToAirport', 'euros', (list) => list.airportToAirportCents),
    ...classFields('intercityBase', 'euros', (list) => list.intercityBaseCents),
    ...classFields('intercityKm', 'eurosPerKm', (list) => list.intercityKmPerMille),
    ...classFields('hour', 'euros', (list) => list.hourly.hourCents),
    scalar('withinCityKm', 'euros', (list) => list, 'withinCityKmCents'),
    scalar('airportExtraKm', 'euros', (list) => list, 'airportExtraKmCents'),
    ...airports.flatMap((airport) => [
      scalar(`peak_${airport}_from`, 'time', (list) => list.peaks[airport], 'from'),
      scalar(`peak_${airport}_to`, 'time', (list) => list.peaks[airport], 'to'),
      scalar(`peak_${airport}_extraKm`, 'euros', (list) => list.peaks[airport], 'extraKmCents'),
      scalar(`peak_${airport}_percent`, 'percent', (list) => list.peaks[airport], 'percent'),
    ]),
    scalar('hourIncludedKm', 'km', (list) => list.hourly, 'includedKmPerHour'),
    scalar('hourExtraKm', 'euros', (list) => list.hourly, 'extraKmCents'),
    ...extraCodes.map((code) => scalar(`extra_${code}`, 'euros', (list) => list.extraCents, code)),
    scalar('depositPercent', 'deposit', (list) => list, 'depositPercent'),
  ]
}

function scalar<T extends object>(
  name: string,
  kind: FieldKind,
  holder: (list: PriceList) => T,
  key: keyof T & string,
): PriceField {
  return {
    name,
    kind,
    read: (list) => holder(list)[key] as number | string,
    write: (list, value) => {
      ;(holder(list) as Record<string, unknown>)[key] = value
    },
  }
}

/** The airport fares' fields of every place the list prices, in place id order. */
export function fareFields(list: PriceList): PriceField[] {
  return Object.keys(list.airportFares)
    .sort((a, b) => Number(a) - Number(b))
    .flatMap((placeId) =>
      airports.flatMap((airport) =>
        vehicleClassCodes.map((code): PriceField => ({
          name: fareFieldName(placeId, airport, code),
          kind: 'euros',
          read: (source) => source.airportFares[placeId]![airport][code],
          write: (target, value) => {
            target.airportFares[placeId]![airport][code] = value as number
          },
        })),
      ),
    )
}

export const fareFieldName = (placeId: string, airport: AirportCode, code: VehicleClassCode) =>
  `fare_${placeId}_${airport}_${code}`

/** 4700 → '47.00'; 1050 per mille → '1.050'; 130 → '130'. */
function shown(kind: FieldKind, value: number | string): string {
  if (typeof value === 'string') return value
  if (kind === 'euros') return (value / 100).toFixed(2)
  if (kind === 'eurosPerKm') return (value / 1000).toFixed(3)
  return String(value)
}

/** The form's values for a list: what its inputs show. */
export function formValuesOf(list: PriceList): Record<string, string> {
  return Object.fromEntries(
    [...generalFields(), ...fareFields(list)].map((field) => [
      field.name,
      shown(field.kind, field.read(list)),
    ]),
  )
}

/** A decimal with at most `places` decimals (comma or point) as a whole number of 1/10^places. */
function scaled(text: string, places: number): number | undefined {
  const match = text.trim().match(new RegExp(`^(\\d{1,6})(?:[.,](\\d{1,${places}}))?$`))
  if (!match) return undefined
  return Number(match[1]) * 10 ** places + Number((match[2] ?? '').padEnd(places, '0'))
}

function fieldSchema(kind: FieldKind) {
  const text = z.string({ error: error('required') })
  switch (kind) {
    case 'euros':
      return z.pipe(
        text,
        z.transform((value, context) => {
          const cents = scaled(value, 2)
          if (cents === undefined || cents > 10_000_000) {
            context.issues.push({ code: 'custom', message: error('euros'), input: value })
            return z.NEVER
          }
          return cents
        }),
      )
    case 'eurosPerKm':
      return z.pipe(
        text,
        z.transform((value, context) => {
          const perMille = scaled(value, 3)
          if (perMille === undefined || perMille > 100_000) {
            context.issues.push({ code: 'custom', message: error('eurosPerKm'), input: value })
            return z.NEVER
          }
          return perMille
        }),
      )
    case 'percent':
    case 'deposit':
    case 'km': {
      const [min, max, key] =
        kind === 'percent'
          ? [100, 300, 'percent']
          : kind === 'deposit'
            ? [1, 100, 'deposit']
            : [0, 500, 'km']
      return z.pipe(
        text,
        z.transform((value, context) => {
          const number = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : NaN
          if (!(number >= min && number <= max)) {
            context.issues.push({ code: 'custom', message: error(key), input: value })
            return z.NEVER
          }
          return number
        }),
      )
    }
    case 'time':
      return z
        .string({ error: error('required') })
        .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: error('time') }))
  }
}

/** The form's schema for a list's fields (its places' fares included), and the note. */
export function priceListFormSchema(base: PriceList) {
  const shape: Record<string, z.ZodMiniType> = {
    note: z.optional(z.string().check(z.maxLength(200, { error: error('noteLong') }))),
  }
  for (const field of [...generalFields(), ...fareFields(base)]) {
    shape[field.name] = fieldSchema(field.kind)
  }
  return z.object(shape)
}

/** The list a checked form describes: `base` (the draft as stored) with every field's figure. */
export function listFromForm(base: PriceList, value: Record<string, unknown>): PriceList {
  const list = structuredClone(base)
  for (const field of [...generalFields(), ...fareFields(base)]) {
    field.write(list, value[field.name] as number | string)
  }
  return list
}
