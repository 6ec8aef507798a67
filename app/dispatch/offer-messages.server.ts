import type { Executor } from '~/db/executor'
import type { BookingRow } from '~/db/schema'
import { getEnv } from '~/config/env.server'
import { getSiteSettings } from '~/config/site.server'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { presentBooking } from '~/booking/booking-view.server'
import { textDate } from '~/booking/booking-texts.server'
import { noExtras } from '~/domain/booking/extras'
import { exactPlace } from '~/domain/places/place-label'
import { toE164 } from '~/domain/phone'
import { istanbulClock } from '~/domain/booking-window'
import { formatMoney } from '~/utils/format'
import { noticeMail } from '~/mail/notice-mail'
import { queueMail, queueMessage } from '~/messages/queue.server'
import { rideText } from '~/messages/ride-texts'
import type { DriverRow } from './drivers.server'
import { driverLanguage } from './traveller-mail.server'

/**
 * The message telling a driver of a job offered to them, by the channel they
 * chose: SMS or WhatsApp through the message queue (a WhatsApp that cannot go
 * is sent again by SMS, as every text is), or an e-mail to their sign-in's
 * address. It says the ride, the pay and the deadline, and links to their
 * jobs page, where they accept or decline: the link itself grants nothing.
 */
export async function queueOfferMessage(
  trx: Executor,
  offer: { id: number; expiresAt: string; payMinor: number | null },
  booking: BookingRow,
  driver: DriverRow,
  now: Date,
): Promise<number | undefined> {
  const language = driverLanguage(driver)
  const t = translatorFor(language)
  const view = presentBooking(booking, noExtras, language, getSiteSettings())
  const values = {
    brand: getSiteSettings().brand,
    reference: booking.reference,
    date: textDate(booking.trip_date, language),
    time: booking.trip_time,
    pickup: exactPlace(view.trip.pickup, view.pickupAddress),
    destination: view.trip.destination.name,
    amount:
      offer.payMinor === null
        ? t('ops.offers.payAsAgreed')
        : formatMoney(offer.payMinor / 100, 'TRY', language),
    until: istanbulClock(new Date(offer.expiresAt)),
    link: `${getEnv().PUBLIC_BASE_URL}/ops/jobs#offer-${offer.id}`,
  }
  const common = {
    dedupeKey: `offer:${offer.id}`,
    kind: 'driver.offer',
    bookingId: booking.id,
    reference: booking.reference,
    language,
  }
  const phone = toE164(driver.phone)
  if (driver.offer_channel !== 'email' && phone) {
    const text = rideText(t, language, 'driverOffer', values)
    return queueMessage(
      trx,
      {
        ...common,
        channel: driver.offer_channel,
        to: phone,
        text: text.text,
        template: text.template,
      },
      now,
    )
  }
  const account =
    driver.staff_account_id === null
      ? undefined
      : await trx
          .selectFrom('staff_accounts')
          .select('email')
          .where('id', '=', driver.staff_account_id)
          .executeTakeFirst()
  if (!account) return undefined
  const mail = noticeMail({
    language,
    brand: values.brand,
    subject: t('ops.offers.mail.subject', values),
    heading: t('ops.offers.mail.heading'),
    paragraphs: [t('ops.offers.mail.lead', values)],
    facts: [
      [t('ops.offers.mail.when'), `${values.date} ${values.time}`],
      [t('ops.offers.mail.from'), values.pickup],
      [t('ops.offers.mail.to'), values.destination],
      [t('ops.offers.mail.pay'), values.amount],
      [t('ops.offers.mail.until'), values.until],
    ],
    link: { label: t('ops.offers.mail.link'), url: values.link },
    signOff: [values.brand],
  })
  return queueMail(
    trx,
    { ...common, to: account.email, subject: mail.subject, text: mail.text, html: mail.html },
    now,
  )
}
