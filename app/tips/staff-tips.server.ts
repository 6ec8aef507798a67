import { redirect, type RouterContextProvider } from 'react-router'
import { paymentProvider } from '~/adapters/payment/configured.server'
import { rolesThatMay } from '~/domain/staff/roles'
import { clientAddressContext } from '~/utils/client-address.server'
import { formatMoney } from '~/utils/format'
import { pageContext } from '~/utils/page-context.server'
import { bookingByReference, bookingPath } from '~/staff/cancel-pages.server'
import { refuseCrossOrigin, requireStaff, staffPageHeaders } from '~/staff/guard.server'
import { instantFormatter } from '~/staff/ops-pages.server'
import { refundCardTip, tipsOfBooking } from './tips.server'

type Context = Readonly<RouterContextProvider>

/** Those who may give money back may refund a card tip (admins and dispatchers). */
const mayRefund = rolesThatMay('bookings.cancel')

/**
 * The tips part of a booking's staff page: each tip by card or in cash, its
 * amount and state, who reported a cash one, and a refund button on a paid
 * card tip for those who may refund.
 */
export async function tipsSectionData(context: Context, request: Request, reference: string) {
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  const { handle, booking } = await bookingByReference(reference)
  const { language } = pageContext(context, request)
  const at = instantFormatter(language)
  const tips = await tipsOfBooking(handle.db, booking.id)
  return {
    mayRefund: mayRefund.includes(staff.account.role),
    tips: tips
      .filter((tip) => tip.status !== 'pending')
      .map((tip) => ({
        id: tip.id,
        method: tip.method,
        status: tip.status,
        amount: formatMoney(tip.amount_minor / 100, tip.currency, language, {
          minimumFractionDigits: 2,
        }),
        at: at(tip.paid_at ?? tip.created_at),
        refundedAt: at(tip.refunded_at),
        refundError: tip.refund_error,
        refundable: tip.method === 'card' && tip.status === 'paid',
      })),
  }
}

export type BookingTips = Awaited<ReturnType<typeof tipsSectionData>>

/** A member of staff refunds a card tip from the booking's page, which it returns to. */
export async function refundTipAction(context: Context, request: Request, reference: string) {
  refuseCrossOrigin(request)
  const staff = await requireStaff(request, mayRefund)
  const { handle, booking } = await bookingByReference(reference)
  const tipId = Number((await request.formData()).get('tip'))
  const outcome = Number.isSafeInteger(tipId)
    ? await refundCardTip(
        handle,
        paymentProvider(),
        {
          accountId: staff.account.id,
          bookingId: booking.id,
          tipId,
          clientAddress: context.get(clientAddressContext),
        },
        new Date(),
      )
    : ({ kind: 'notRefundable' } as const)
  const done =
    outcome.kind === 'refunded'
      ? 'tip-succeeded'
      : outcome.kind === 'refused'
        ? 'tip-failed'
        : 'tip-nothing'
  return redirect(`${bookingPath(booking.reference)}?done=${done}`, {
    status: 303,
    headers: staffPageHeaders,
  })
}
