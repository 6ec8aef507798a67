import { intlLocale, type Language } from '~/i18n/config'
import { ISTANBUL_TIME_ZONE } from '~/domain/booking-window'
import { dateTimeFormat, numberFormat } from './intl-cache'

/** A calendar date (YYYY-MM-DD) in the language's long form, e.g. '12 June 2026'. */
export function formatDate(isoDate: string, language: Language): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  // Noon UTC keeps the calendar day whatever the time zone offset.
  const date = new Date(Date.UTC(year, month - 1, day, 12))
  return dateTimeFormat(intlLocale[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: ISTANBUL_TIME_ZONE,
  }).format(date)
}

/** An amount in a currency, formatted for the language ('€47', '47 €'). */
export function formatMoney(
  amount: number,
  currency: string,
  language: Language,
  options: { minimumFractionDigits?: number } = {},
): string {
  const fractionDigits = options.minimumFractionDigits ?? (Number.isInteger(amount) ? 0 : 2)
  return numberFormat(intlLocale[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: Math.max(fractionDigits, 2),
  }).format(amount)
}

/**
 * A formatter for the amounts of one statement (a total, what was paid, what is
 * due), in minor units: when one of them has cents, all show cents, so the
 * lines read alike ('€136.00', '€40.80', '€95.20', not '€136').
 */
export function statementMoney(minors: number[], currency: string, language: Language) {
  const minimumFractionDigits = minors.some((minor) => minor % 100 !== 0) ? 2 : 0
  return (minor: number) => formatMoney(minor / 100, currency, language, { minimumFractionDigits })
}

/** A moment (ISO, UTC) as an Istanbul day and time in the language, e.g. '26 November at 14:05'. */
export function formatInstant(iso: string, language: Language): string {
  return dateTimeFormat(intlLocale[language], {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ISTANBUL_TIME_ZONE,
  }).format(new Date(iso))
}

/** A moment (ISO, UTC) as its Istanbul time of day, e.g. '14:05'. */
export function formatInstantTime(iso: string, language: Language): string {
  return dateTimeFormat(intlLocale[language], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ISTANBUL_TIME_ZONE,
  }).format(new Date(iso))
}

/** A road distance in kilometres, one decimal under 10 km ("2.4", "2,4"), whole above ("37"). */
export function formatKilometres(km: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale[language], { maximumFractionDigits: 1 }).format(km)
}
