import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { getDatabase } from '~/db/db.server'
import { ratesProvider } from '~/booking/providers.server'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { roleMay, rolesThatMay } from '~/domain/staff/roles'
import {
  istanbulInstant,
  isPinnableCurrency,
  parsePinRate,
  pinExpiryRefusal,
  pinLimits,
  pinnableCurrencies,
  pinRateBand,
  pinRateRefusal,
  pinsInForce,
  type PinnableCurrency,
} from '~/domain/money/rate-pins'
import { fieldError } from '~/forms/text-input'
import { intlLocale, type Language } from '~/i18n/config'
import { pinHistory, pinRate, unpinRate } from '~/rates/rate-pins.server'
import { pinSchema, rateErrors } from '~/rates/rate-pin-form'
import { formatDate } from '~/utils/format'
import { numberFormat } from '~/utils/intl-cache'
import { logger } from '~/utils/logger.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { instantFormatter, staffMeta } from './ops-pages.server'
import { refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'
import type { Context } from './dispatch-shared.server'

/**
 * /ops/rates: each currency's rate in force and where it comes from, the pins
 * made, and for admins a form per currency to pin its rate until a time (and
 * to unpin it). Dispatchers read it; drivers may not.
 */

const requireRatesReader = (request: Request) => requireStaff(request, rolesThatMay('prices.view'))

/** A rate as staff read it: up to six decimals, in the page's language. */
function rateFormatter(language: Language) {
  const format = numberFormat(intlLocale[language], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  })
  return (rate: number | string) => format.format(Number(rate))
}

export async function ratesPageData(context: Context, request: Request) {
  const staff = await requireRatesReader(request)
  const { t, language } = pageContext(context, request)
  const now = new Date()
  const { db } = await getDatabase()
  const [snapshot, open, history] = await Promise.all([
    ratesProvider().current(),
    pinHistory(db, { openAt: now }),
    pinHistory(db),
  ])
  const inForce = pinsInForce(open, now)
  const at = instantFormatter(language)
  const rate = rateFormatter(language)
  const url = new URL(request.url)
  const done = url.searchParams.get('done')
  const doneCurrency = url.searchParams.get('currency')
  return {
    meta: staffMeta(context, request, t('ops.rates.title')),
    mayPin: roleMay(staff.account.role, 'prices.manage'),
    source: { kind: snapshot.source, date: formatDate(snapshot.date, language) },
    currencies: pinnableCurrencies.map((currency) => {
      const pin = inForce.get(currency)
      const band = pinRateBand(snapshot.rates[currency])
      return {
        currency,
        rate: rate(pin ? pin.rate : snapshot.rates[currency]),
        sourceRate: rate(snapshot.rates[currency]),
        band: { min: rate(band.min.toFixed(4)), max: rate(band.max.toFixed(4)) },
        pin: pin
          ? {
              id: pin.id,
              by: pin.pinnedBy,
              until: at(pin.expiresAt),
            }
          : null,
      }
    }),
    defaults: { expiresDate: addDays(istanbulDate(now), 1), expiresTime: '12:00' },
    maxDays: pinLimits.maxDays,
    history: history.map((record) => ({
      id: record.id,
      currency: record.currency,
      rate: rate(record.rate),
      pinnedAt: at(record.createdAt),
      pinnedBy: record.pinnedBy,
      until: at(record.expiresAt),
      ended:
        record.removedAt !== null
          ? {
              kind: 'removed' as const,
              at: at(record.removedAt),
              by: record.removedBy ?? '–',
            }
          : Date.parse(record.expiresAt) <= now.getTime()
            ? { kind: 'expired' as const }
            : { kind: 'inForce' as const },
    })),
    done:
      (done === 'pinned' || done === 'unpinned') && isPinnableCurrency(doneCurrency)
        ? { kind: done, currency: doneCurrency }
        : null,
  }
}

const done = (kind: 'pinned' | 'unpinned', currency: PinnableCurrency) =>
  redirect(`/ops/rates?done=${kind}&currency=${currency}`, {
    status: 303,
    headers: staffPageHeaders,
  })

/**
 * Pin or Unpin, by an admin. A refused pin comes back with what was typed and
 * a message beside each wrong field; an unpin of a pin already ended says so.
 */
export async function ratesAction(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('prices.manage'))
  refuseCrossOrigin(request)
  const form = await request.formData()
  const handle = await getDatabase()
  const now = new Date()

  if (form.get('intent') === 'unpin') {
    const id = String(form.get('pinId') ?? '')
    if (!/^\d{1,9}$/.test(id)) throw data('Unknown pin', { status: 400, headers: staffPageHeaders })
    const outcome = await unpinRate(handle, Number(id), staff.account.id, now)
    if (!outcome.ok) {
      markFormRefused(context)
      return data(
        { intent: 'unpin' as const, refusal: outcome.refusal, currency: null, result: undefined },
        { status: 409, headers: staffPageHeaders },
      )
    }
    logger.info('rates.unpinned', { currency: outcome.currency, by: staff.account.id })
    return done('unpinned', outcome.currency as PinnableCurrency)
  }

  const submission = parseWithZod(form, { schema: pinSchema })
  const currency = form.get('currency')
  if (!isPinnableCurrency(currency))
    throw data('Unknown currency', { status: 400, headers: staffPageHeaders })
  const refuse = (result: ReturnType<typeof submission.reply>) => {
    markFormRefused(context)
    return data(
      { intent: 'pin' as const, refusal: null, currency, result },
      { status: 400, headers: staffPageHeaders },
    )
  }
  if (submission.status !== 'success') return refuse(submission.reply())
  const value = submission.value
  const { language } = pageContext(context, request)
  const snapshot = await ratesProvider().current()
  const sourceRate = snapshot.rates[value.currency]
  const fieldErrors: Record<string, string[]> = {}
  const rateRefusal = pinRateRefusal(value.rate, sourceRate)
  if (rateRefusal === 'rateOutOfBand') {
    const band = pinRateBand(sourceRate)
    const rate = rateFormatter(language)
    fieldErrors.rate = [
      fieldError(rateErrors.rateOutOfBand, {
        min: rate(band.min.toFixed(4)),
        max: rate(band.max.toFixed(4)),
        source: rate(sourceRate),
        percent: pinLimits.band * 100,
      }),
    ]
  } else if (rateRefusal) fieldErrors.rate = [rateErrors[rateRefusal]]
  const expiresAt = istanbulInstant(value.expiresDate, value.expiresTime)
  if (!expiresAt) fieldErrors.expiresDate = [rateErrors.dateInvalid]
  else {
    const expiryRefusal = pinExpiryRefusal(expiresAt, now)
    if (expiryRefusal) {
      fieldErrors.expiresDate = [fieldError(rateErrors[expiryRefusal], { days: pinLimits.maxDays })]
    }
  }
  if (Object.keys(fieldErrors).length > 0 || !expiresAt) {
    return refuse(submission.reply({ fieldErrors }))
  }
  const rate = parsePinRate(value.rate)!
  const pin = await pinRate(
    handle,
    { currency: value.currency, rate, expiresAt },
    staff.account.id,
    now,
  )
  logger.info('rates.pinned', {
    currency: value.currency,
    rate,
    expiresAt: expiresAt.toISOString(),
    pin: pin.id,
    by: staff.account.id,
  })
  return done('pinned', value.currency)
}
