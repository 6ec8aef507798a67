import { sql } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { getEnv } from '~/config/env.server'
import { getSiteSettings } from '~/config/site.server'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { toLanguage } from '~/i18n/config'
import { logger } from '~/utils/logger.server'
import { MailSendError } from '~/adapters/mail/mailer.server'
import { configuredMailer, mailFrom } from '~/adapters/mail/configured.server'
import { bookingConfirmationMail } from '~/mail/booking-confirmation'
import { ICS_CONTENT_TYPE } from '~/mail/ics'
import { bookingCalendarFile } from './booking-calendar.server'
import { bookingExtras, findBooking } from './bookings.server'
import { extraLineLabel } from './extra-label'
import { presentBooking } from './booking-view.server'
import { bookingLink, manageBookingLink } from './booking-access.server'

/** Sends are retried by the periodic job; after this many tries a person must look. */
const MAX_MAIL_ATTEMPTS = 6

/** A send holds its booking this long; the mailer's own timeouts end it well before. */
export const CONFIRMATION_LEASE_MINUTES = 10

/**
 * Sends the confirmation of a confirmed booking once. The row is claimed first,
 * in one conditional update with a lease ('sending' until
 * `mail_claimed_until`), so a replayed callback or a second instance never
 * sends it twice: a send within its lease is never touched, and only one whose
 * lease ran out (its process died) may be taken over. A failed send returns it
 * to 'pending', its lease the pause before the periodic retry. Never throws:
 * the booking stands either way.
 */
export async function sendConfirmation(
  handle: DatabaseHandle,
  bookingId: string,
  now = new Date(),
): Promise<'sent' | 'skipped' | 'failed'> {
  const at = now.toISOString()
  const lease = new Date(now.getTime() + CONFIRMATION_LEASE_MINUTES * 60_000).toISOString()
  const claimed = await handle.db
    .updateTable('bookings')
    .set({
      mail_status: 'sending',
      mail_claimed_until: lease,
      mail_attempts: sql<number>`coalesce(mail_attempts, 0) + 1`,
      updated_at: at,
    })
    .where('id', '=', bookingId)
    .where('mail_status', 'in', ['pending', 'sending'])
    .where((eb) =>
      eb.or([eb('mail_claimed_until', 'is', null), eb('mail_claimed_until', '<=', at)]),
    )
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) === 0) return 'skipped'
  // Only this claim's own lease may settle the row.
  const ours = handle.db
    .updateTable('bookings')
    .where('id', '=', bookingId)
    .where('mail_status', '=', 'sending')
    .where('mail_claimed_until', '=', lease)
  const booking = (await findBooking(handle, bookingId))!
  try {
    const site = getSiteSettings()
    const { mail, attachment } = await renderConfirmation(handle, booking, now)
    await configuredMailer().send({
      to: booking.email!,
      from: mailFrom(),
      replyTo: site.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [attachment],
    })
    await ours
      .set({ mail_status: 'sent', mailed_at: new Date().toISOString(), mail_claimed_until: null })
      .execute()
    logger.info('mail.confirmation_sent', { reference: booking.reference })
    return 'sent'
  } catch (error) {
    const giveUp =
      (error instanceof MailSendError && error.permanent) ||
      (booking.mail_attempts ?? 0) >= MAX_MAIL_ATTEMPTS
    await ours.set({ mail_status: giveUp ? 'failed' : 'pending' }).execute()
    logger.error('mail.confirmation_failed', {
      reference: booking.reference,
      giveUp,
      error: error instanceof Error ? error.message : String(error),
    })
    return 'failed'
  }
}

/**
 * The confirmation e-mail of a paid booking as it is sent: subject, text and
 * HTML in the booking's language, and its calendar file.
 */
export async function renderConfirmation(handle: DatabaseHandle, booking: BookingRow, now: Date) {
  const env = getEnv()
  const site = getSiteSettings()
  const language = toLanguage(booking.language)
  const t = translatorFor(language)
  const extras = await bookingExtras(handle, booking.id)
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
      destination: view.trip.destination.name,
      hireHours: view.trip.hire?.hours,
      // As stored: the mail explains that a 00:00 pickup is the midnight ending this date.
      date: booking.trip_date,
      time: booking.trip_time,
      returnRide: view.trip.back
        ? {
            from: view.trip.back.from,
            to: view.trip.back.to,
            date: view.trip.back.date,
            time: view.trip.back.time,
          }
        : undefined,
      vehicleTitle: view.vehicle.title,
      extras: view.extras.map((line) => extraLineLabel(t, line)),
      passengers: booking.passenger_count ?? 1,
      luggage: booking.luggage_count ?? 0,
      currency: view.currency,
      totalMinor: booking.total_minor,
      paidMinor: view.payment.paidMinor,
      cashMinor: view.payment.cashMinor,
      paymentOption: view.payment.option,
      travellerName: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
      phone: site.phone,
      email: site.email,
      flightNumber: booking.flight_number ?? undefined,
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

/** After the confirming transaction, without making the traveller wait for SMTP. */
export function sendConfirmationSoon(handle: DatabaseHandle, bookingId: string): void {
  void sendConfirmation(handle, bookingId)
}

/**
 * The periodic retry: confirmations waiting once their pause is over, and sends
 * whose process stopped half-way once their lease ran out. A send still within
 * its lease is left alone.
 */
export async function retryConfirmations(handle: DatabaseHandle, now: Date): Promise<number> {
  const waiting = await handle.db
    .selectFrom('bookings')
    .select('id')
    .where('mail_status', 'in', ['pending', 'sending'])
    .where((eb) =>
      eb.or([
        eb('mail_claimed_until', 'is', null),
        eb('mail_claimed_until', '<=', now.toISOString()),
      ]),
    )
    .execute()
  let sent = 0
  for (const { id } of waiting) if ((await sendConfirmation(handle, id, now)) === 'sent') sent++
  return sent
}
