import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import type { Language } from '~/i18n/config'
import { paymentProvider, tipCallbackUrl } from '~/adapters/payment/configured.server'
import { clientAddressContext } from '~/utils/client-address.server'
import { markFormRefused } from '~/utils/page-context.server'
import { parseCurrency } from '~/domain/money/currency'
import { tipScale } from '~/domain/tips/tip-rules'
import { istanbulDate } from '~/domain/booking-window'
import { formatDate, formatMoney } from '~/utils/format'
import { tipAmountOf, tipFormSchema } from './tip-form'
import { startCardTip, tipsOfBooking } from './tips.server'

type Context = Readonly<RouterContextProvider>

/** What the provider's return said, as the page's address carries it (`?tip=`). */
const returnNotices = ['failed', 'pending'] as const
type ReturnNotice = (typeof returnNotices)[number]

function money(minor: number, currency: string, language: Language) {
  return formatMoney(minor / 100, currency, language)
}

/**
 * The review page's tip section for a finished ride: the amounts offered in
 * the booking's currency, the card tips paid (read from the database, never
 * from the address), and the notice of a return that took no money.
 */
export async function tipSectionData(
  handle: DatabaseHandle,
  booking: BookingRow,
  request: Request,
  language: Language,
) {
  if (booking.status !== 'finished') return null
  const currency = parseCurrency(booking.currency)
  const { choices, min, max } = tipScale(currency)
  const returned = new URL(request.url).searchParams.get('tip')
  const paid = (await tipsOfBooking(handle.db, booking.id)).filter(
    (tip) => tip.method === 'card' && (tip.status === 'paid' || tip.status === 'refunded'),
  )
  return {
    currency,
    choices: choices.map((minor) => ({
      value: String(minor),
      label: money(minor, currency, language),
    })),
    min: money(min, currency, language),
    max: money(max, currency, language),
    paid: paid.map((tip) => ({
      amount: money(tip.amount_minor, tip.currency, language),
      date: formatDate(istanbulDate(new Date(tip.paid_at ?? tip.created_at)), language),
      refunded: tip.status === 'refunded',
    })),
    notice: returnNotices.includes(returned as ReturnNotice) ? (returned as ReturnNotice) : null,
  }
}

/**
 * The tip form's POST: checked against the offered amounts and the bounds,
 * then the provider's page is opened for it; a refusal comes back beside the form.
 */
export async function tipSectionAction(
  context: Context,
  handle: DatabaseHandle,
  booking: BookingRow,
  form: FormData,
) {
  const currency = parseCurrency(booking.currency)
  const submission = parseWithZod(form, { schema: tipFormSchema(currency) })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ form: 'tip' as const, result: submission.reply() }, { status: 400 })
  }
  const started = await startCardTip(
    handle,
    paymentProvider(),
    {
      bookingId: booking.id,
      amountMinor: tipAmountOf(submission.value, currency),
      callbackUrl: tipCallbackUrl(),
      clientAddress: context.get(clientAddressContext),
    },
    new Date(),
  )
  if (started.kind === 'redirect') return redirect(started.paymentPageUrl, 303)
  markFormRefused(context)
  const reason = started.kind === 'notFinished' ? 'notFinished' : 'provider'
  return data(
    {
      form: 'tip' as const,
      result: submission.reply({ formErrors: [`traveller.tip.errors.${reason}`] }),
    },
    { status: started.kind === 'notFinished' ? 409 : 502 },
  )
}
