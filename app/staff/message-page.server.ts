import { data, redirect, type RouterContextProvider } from 'react-router'
import { rolesThatMay } from '~/domain/staff/roles'
import { phoneChannelOf } from '~/domain/messages/updates-channel'
import { formatPhone } from '~/domain/phone'
import {
  sendStaffMessage,
  STAFF_MESSAGE_MAX,
  type StaffMessageChannel,
} from '~/booking/staff-message.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { staffMeta } from './ops-pages.server'
import { bookingByReference, bookingPath } from './cancel-pages.server'
import { refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'

/**
 * The staff page that writes to a booking's traveller
 * (/ops/bookings/:reference/message): by the text channel they chose, or by
 * e-mail. Admins and dispatchers; private, and every POST checked to come from
 * this site.
 */
type Context = Readonly<RouterContextProvider>

const mayMessage = rolesThatMay('bookings.message')

export type MessageFormErrors = Partial<Record<'channel' | 'message', string>>

export async function messagePageData(context: Context, request: Request, reference: string) {
  await requireStaff(request, mayMessage)
  const { booking } = await bookingByReference(reference)
  const { t } = pageContext(context, request)
  const textChannel = booking.phone ? phoneChannelOf(booking.updates_channel) : undefined
  return {
    meta: staffMeta(context, request, t('ops.message.title', { reference: booking.reference })),
    reference: booking.reference,
    traveller: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
    email: booking.email,
    /** The traveller's text channel and number, if they asked for texts. */
    text: textChannel ? { channel: textChannel, phone: formatPhone(booking.phone!) } : null,
    max: STAFF_MESSAGE_MAX,
  }
}

export async function messageFormAction(context: Context, request: Request, reference: string) {
  refuseCrossOrigin(request)
  const staff = await requireStaff(request, mayMessage)
  const { handle, booking } = await bookingByReference(reference)
  const form = await request.formData()
  const values = {
    channel: String(form.get('channel') ?? ''),
    message: String(form.get('message') ?? '').slice(0, STAFF_MESSAGE_MAX * 2),
  }
  const refuse = (errors: MessageFormErrors, count?: number) => {
    markFormRefused(context)
    return data(
      { errors, values, count: count ?? null },
      { status: 400, headers: staffPageHeaders },
    )
  }
  const errors: MessageFormErrors = {}
  if (values.channel !== 'text' && values.channel !== 'email') {
    errors.channel = 'ops.message.errors.channelRequired'
  }
  const message = values.message.trim()
  if (!message) errors.message = 'ops.message.errors.messageRequired'
  if (Object.keys(errors).length) return refuse(errors)
  const outcome = await sendStaffMessage(
    handle,
    {
      bookingId: booking.id,
      staffAccountId: staff.account.id,
      channel: values.channel as StaffMessageChannel,
      message,
    },
    new Date(),
  )
  switch (outcome.kind) {
    case 'tooLong':
      return refuse({ message: 'ops.message.errors.messageTooLong' }, outcome.over)
    case 'noTextChannel':
      return refuse({ channel: 'ops.message.errors.noTextChannel' })
    case 'notFound':
      throw data('Not found', { status: 404, headers: staffPageHeaders })
    case 'sent':
      return redirect(`${bookingPath(booking.reference)}?done=message-${outcome.channel}`, {
        status: 303,
        headers: staffPageHeaders,
      })
  }
}
