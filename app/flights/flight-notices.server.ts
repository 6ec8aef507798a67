import type { Executor } from '~/db/executor'
import type { BookingRow } from '~/db/schema'
import { getEnv } from '~/config/env.server'
import { getSiteSettings } from '~/config/site.server'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { toE164 } from '~/domain/phone'
import { istanbulClock, istanbulDate } from '~/domain/booking-window'
import { noticeOccasion, noticeTexts, type FlightNotice } from '~/domain/flights/flight-notice'
import { rideText } from '~/messages/ride-texts'
import { queueMessage } from '~/messages/queue.server'
import { textDate } from '~/booking/booking-texts.server'
import { queueOpsFlightNotice, queueTravellerFlightNotice } from '~/booking/booking-notices.server'

/**
 * Everyone a followed flight's change concerns hears of it, in the
 * transaction that stores the change (so once): the operations mailbox by
 * e-mail, the assigned driver (if any) by SMS, and the traveller by e-mail
 * and, if they chose it, by text. A ride without a driver yet is the
 * dispatcher's to plan: the board flags it.
 */
export async function queueFlightNotices(
  trx: Executor,
  booking: BookingRow,
  notice: FlightNotice,
  at: Date,
): Promise<void> {
  const driver = await trx
    .selectFrom('booking_assignments')
    .innerJoin('drivers', 'drivers.id', 'booking_assignments.driver_id')
    .select(['drivers.name', 'drivers.phone', 'drivers.languages'])
    .where('booking_assignments.booking_id', '=', booking.id)
    .executeTakeFirst()
  await queueOpsFlightNotice(trx, booking, notice, { driver: driver?.name ?? null }, at)
  if (driver) await queueDriverFlightText(trx, booking, driver, notice, at)
  await queueTravellerFlightNotice(trx, booking, notice, at)
}

/** The driver's SMS, in Turkish unless they do not speak it (as their job's text). */
async function queueDriverFlightText(
  trx: Executor,
  booking: BookingRow,
  driver: { phone: string; languages: string },
  notice: FlightNotice,
  at: Date,
): Promise<number | undefined> {
  const to = toE164(driver.phone)
  if (!to) return undefined
  const language = /turk|türk/i.test(driver.languages) ? 'tr' : 'en'
  const kind = noticeTexts[notice.kind].driver
  const text = rideText(translatorFor(language), language, kind, {
    brand: getSiteSettings().brand,
    reference: booking.reference,
    flight: notice.flight,
    ...(notice.kind === 'delayed'
      ? {
          date: textDate(istanbulDate(notice.landing), language),
          time: istanbulClock(notice.landing),
        }
      : {}),
    link: `${getEnv().PUBLIC_BASE_URL}/ops/jobs`,
  })
  return queueMessage(
    trx,
    {
      channel: 'sms',
      dedupeKey: `text.${kind}:${noticeOccasion(booking.id, notice)}`,
      kind: `text.${kind}`,
      bookingId: booking.id,
      reference: booking.reference,
      language,
      to,
      text: text.text,
    },
    at,
  )
}
