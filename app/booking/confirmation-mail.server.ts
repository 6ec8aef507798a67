import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import { writeTransaction } from '~/db/write.server'
import type { BookingRow } from '~/db/schema'
import { getEnv } from '~/config/env.server'
import { getSiteSettings } from '~/config/site.server'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { toLanguage } from '~/i18n/config'
import { logger } from '~/utils/logger.server'
import { deliverSoon, queueMail } from '~/messages/queue.server'
import { bookingConfirmationMail } from '~/mail/booking-confirmation'
import { ICS_CONTENT_TYPE } from '~/mail/ics'
import { bookingCalendarFile } from './booking-calendar.server'
import { bookingExtras } from './bookings.server'
import { lockBooking } from './booking-store.server'
import { extraLineLabel } from './extra-label'
import { presentBooking } from './booking-view.server'
import { bookingLink, manageBookingLink } from './booking-access.server'
import { queueTravellerText, textDate, textLink } from './booking-texts.server'

/**
 * The confirmation e-mail of a confirmed booking goes through the message
 * queue like every other message. The confirming transaction marks the
 * booking `mail_status = 'pending'` (it owes a confirmation); just after the
 * commit the e-mail is rendered and queued, in a transaction that also marks
 * the booking `queued`, and sent. Rendering outside the confirming transaction
 * keeps a rendering fault from refusing a payment; the mark keeps it owed: the
 * periodic job queues any booking still `pending` (a process that stopped
 * between the two, or a render that failed). The dedupe key makes it one
 * e-mail however often this runs.
 */
export async function queueConfirmation(
  handle: DatabaseHandle,
  bookingId: string,
  now = new Date(),
): Promise<{ mailId?: number; textId?: number }> {
  return writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, bookingId)
    // Queued already (or from before the queue: sent or failed then).
    if (!booking || !booking.email || !['pending', 'sending'].includes(booking.mail_status ?? '')) {
      return {}
    }
    const site = getSiteSettings()
    const { mail, attachment } = await renderConfirmation(trx, booking, now)
    const id = await queueMail(
      trx,
      {
        dedupeKey: `confirmation:${booking.id}`,
        kind: 'traveller.confirmation',
        bookingId: booking.id,
        reference: booking.reference,
        language: toLanguage(booking.language),
        to: booking.email,
        replyTo: site.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: [attachment],
      },
      now,
    )
    // The same news by WhatsApp or SMS, if the traveller asked for it.
    const language = toLanguage(booking.language)
    const textId = await queueTravellerText(
      trx,
      booking,
      'confirmed',
      booking.id,
      {
        date: textDate(booking.trip_date, language),
        time: booking.trip_time,
        link: await textLink(trx, booking),
      },
      now,
    )
    await trx
      .updateTable('bookings')
      .set({ mail_status: 'queued', updated_at: now.toISOString() })
      .where('id', '=', booking.id)
      .execute()
    return { mailId: id, textId }
  })
}

/** Queues the confirmation and sends it at once; never throws (the booking stands either way). */
export async function sendConfirmation(
  handle: DatabaseHandle,
  bookingId: string,
  now = new Date(),
): Promise<void> {
  try {
    const { mailId, textId } = await queueConfirmation(handle, bookingId, now)
    deliverSoon(handle, [mailId, textId])
  } catch (error) {
    logger.error('mail.confirmation_not_queued', { bookingId, error: String(error) })
  }
}

/**
 * The confirmation e-mail of a paid booking as it is sent: subject, text and
 * HTML in the booking's language, and its calendar file.
 */
export async function renderConfirmation(executor: Executor, booking: BookingRow, now: Date) {
  const env = getEnv()
  const site = getSiteSettings()
  const language = toLanguage(booking.language)
  const t = translatorFor(language)
  const extras = await bookingExtras(executor, booking.id)
  const view = presentBooking(booking, extras, language, site)
  const mail = bookingConfirmationMail(
    {
      language,
      reference: booking.reference,
      brand: site.brand,
      siteUrl: env.PUBLIC_BASE_URL,
      link: bookingLink(booking.id),
      invoiceLink: bookingLink(booking.id, '/invoice'),
      voucherLink: bookingLink(booking.id, '/booking-voucher'),
      manageLink: manageBookingLink(),
      pickup: view.trip.pickup.name,
      pickupAddress: view.pickupAddress ?? undefined,
      destination: view.trip.destination.name,
      hireHours: view.trip.hire?.hours,
      // As stored: the mail explains that a 00:00 pickup is the midnight ending this date.
      date: booking.trip_date,
      time: booking.trip_time,
      returnRide: view.trip.back ?? undefined,
      vehicleTitle: view.vehicle.title,
      extras: view.extras.map((line) => extraLineLabel(t, line)),
      passengers: booking.passenger_count ?? 1,
      luggage: booking.luggage_count ?? 0,
      currency: view.currency,
      totalMinor: view.payableMinor,
      promo: view.promo ?? undefined,
      paidMinor: view.payment.paidMinor,
      onAccount: view.payment.onAccount,
      cashMinor: view.payment.cashMinor,
      paymentOption: view.payment.option,
      travellerName: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
      phone: site.phone,
      email: site.email,
      flightNumber: booking.flight_number ?? undefined,
      followsFlights: site.followsFlights,
      signName: booking.sign_name ?? undefined,
    },
    t,
  )
  return {
    mail,
    attachment: {
      // In the traveller's language, with the reference: 'rezervasyon-MC-7K4Q9P.ics'.
      filename: t('mail.calendarFile', { reference: booking.reference }),
      content: bookingCalendarFile(booking, view, site, now),
      contentType: ICS_CONTENT_TYPE,
    },
  }
}

/** After the confirming transaction, without making the traveller wait for the mail server. */
export function sendConfirmationSoon(handle: DatabaseHandle, bookingId: string): void {
  void sendConfirmation(handle, bookingId)
}

/**
 * The periodic job's part: bookings that still owe their confirmation (the
 * process stopped between confirming and queueing, or rendering failed). The
 * queue then sends and retries it like any other message.
 */
export async function queueOwedConfirmations(handle: DatabaseHandle, now: Date): Promise<number> {
  const owed = await handle.db
    .selectFrom('bookings')
    .select('id')
    .where('mail_status', 'in', ['pending', 'sending'])
    .execute()
  let queued = 0
  for (const { id } of owed) {
    try {
      if ((await queueConfirmation(handle, id, now)).mailId !== undefined) queued++
    } catch (error) {
      logger.error('mail.confirmation_not_queued', { bookingId: id, error: String(error) })
    }
  }
  return queued
}
