import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import type { Language } from '~/i18n/config'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { findBooking, type DraftInput } from '~/booking/bookings.server'
import { bookAndPay } from '~/booking/book-and-pay.server'
import { settlePaymentCallback } from '~/booking/settle-payment.server'
import { renderConfirmation } from '~/booking/confirmation-mail.server'
import {
  queueOpsCancelled,
  queueOpsRefundDue,
  queueTravellerCancelled,
  queueTravellerDetailsChanged,
  queueTravellerLink,
  queueTravellerRefunded,
  queueOpsDepartureNotice,
  queueTravellerDepartureNotice,
  queueOpsFlightNotice,
  queueTravellerFlightNotice,
  queueOpsPickupCodeAlert,
  queueTravellerStaffMessage,
} from '~/booking/booking-notices.server'
import type { DepartureNotice } from '~/domain/flights/departure-notice'
import type { FlightNotice } from '~/domain/flights/flight-notice'
import { queueDriverDetailsMail } from '~/dispatch/traveller-mail.server'
import type { AssignedPair } from '~/dispatch/assignment.server'
import { writeTransaction } from '~/db/write.server'
import { formatDate } from '~/utils/format'
import { sqliteBackend, useMigratedDatabase } from '../../tests/support/database-backends'
import {
  billing,
  draftInput,
  hourlyDraftInput,
  namedPickupDraftInput,
  returnDraftInput,
  withReturn,
} from '../../tests/support/booking-fixtures'
import type { PassengerDetails } from '~/booking/booking-forms'
import {
  draftAtPayment,
  payContext,
  simulatorFor,
  tokenOf,
  tripDate,
} from '../../tests/support/payment-step'
import { rawKeysIn } from '../../tests/support/raw-keys'

interface Rendered {
  kind: string
  language: Language
  subject: string
  text: string
  html: string
}

/**
 * Every e-mail the site sends, rendered by its own producer from bookings
 * paid on the real simulator over a real SQLite file, for a one-way ride, a
 * trip there and back and a hire by the hour, booked in each language: the
 * traveller's confirmation, the operations mailbox's notes (English whatever
 * the booking's language), the traveller's notices and the driver's details.
 * None may show a translation key, i18next's sentence for a group of keys or
 * an unfilled placeholder. (The contact form's message to the company is not
 * translated: it carries the traveller's own words.)
 */
describe('every e-mail, in both languages', () => {
  let handle: DatabaseHandle
  let simulator: PaymentProvider
  const now = new Date()
  const mails: Rendered[] = []
  /** Ids of the charges and refunds the notes name: each note is queued once per id. */
  let serial = 0
  const bookings: Record<string, BookingRow> = {}

  useMigratedDatabase(sqliteBackend(), (opened) => {
    handle = opened
    simulator = simulatorFor(handle)
  })
  beforeAll(async () => {
    for (const language of ['en', 'tr'] as const) {
      const trips: [string, DraftInput, Partial<PassengerDetails>?][] = [
        ['oneWay', draftInput(1, tripDate(now, 5))],
        [
          'return',
          returnDraftInput(1, tripDate(now, 5), tripDate(now, 12)),
          { returnPickupAddress: 'Şile Feneri Oteli' },
        ],
        [
          'returnFromTown',
          withReturn(namedPickupDraftInput(tripDate(now, 5)), tripDate(now, 12)),
          { pickupAddress: 'Cumhuriyet Caddesi 10', returnFlightNumber: 'TK1985' },
        ],
        ['hourly', hourlyDraftInput(4, null, 1, tripDate(now, 5))],
      ]
      for (const [name, input, details] of trips) {
        const booking = await paid({ ...input, language }, details)
        bookings[`${name}.${language}`] = booking
        await renderAll(booking, language)
      }
    }
    const queued = await handle.db
      .selectFrom('outgoing_messages')
      .innerJoin('bookings', 'bookings.id', 'outgoing_messages.booking_id')
      .select(['kind', 'subject', 'text_body', 'html_body', 'bookings.language'])
      .execute()
    for (const row of queued) {
      mails.push({
        kind: row.kind,
        language: row.language as Language,
        subject: row.subject ?? '',
        text: row.text_body,
        html: row.html_body ?? '',
      })
    }
  }, 60_000)

  /** A draft with a child seat, walked to the payment step and paid on the simulator. */
  async function paid(
    input: DraftInput,
    details: Partial<PassengerDetails> = {},
  ): Promise<BookingRow> {
    const step = await draftAtPayment(handle, now, input.trip.date, input, details)
    const begun = await bookAndPay(
      step,
      { intent: 'book', details: { ...billing, paymentOption: 'depositCash' } },
      { ...payContext(simulator), language: input.language },
      now,
    )
    if (begun.kind !== 'page') throw new Error(`no payment page: ${begun.kind}`)
    const token = tokenOf(begun.paymentPageUrl)
    await payOnSimulator(handle, token, simulatorCards.success, now)
    const settled = await settlePaymentCallback(handle, simulator, token, now, vi.fn())
    if (settled.kind !== 'confirmed') throw new Error(`not confirmed: ${settled.kind}`)
    return (await findBooking(handle, step.booking.id))!
  }

  /** Every producer, once each, for a paid booking: the notes are queued, the confirmation rendered. */
  async function renderAll(booking: BookingRow, language: Language) {
    const confirmation = await renderConfirmation(handle.db, booking, now)
    mails.push({ kind: 'traveller.confirmation', language, ...confirmation.mail })
    const pair = {
      driver: { name: 'Ali Veli', phone: '+90 532 000 00 09' },
      vehicle: { make_model: 'Mercedes V', colour: 'Black', plate: '34ABC123' },
    } as AssignedPair
    await writeTransaction(handle, async (trx) => {
      const charge = { attemptId: ++serial, paymentId: 'P-2', amountMinor: 1250, currency: 'TRY' }
      await queueOpsRefundDue(trx, booking, charge, now)
      await queueOpsCancelled(
        trx,
        booking,
        { by: 'staff', reason: 'Flight cancelled', refundMinor: 1000 },
        now,
      )
      await queueTravellerCancelled(trx, booking, { refundMinor: 1000 }, now)
      await queueTravellerRefunded(
        trx,
        booking,
        { id: ++serial, amountMinor: 1000, currency: 'TRY' },
        now,
      )
      await queueTravellerLink(trx, booking, { id: 1, expired: false }, now)
      await queueTravellerLink(trx, booking, { id: 2, expired: true }, now)
      const fields = [
        'phone',
        'flightNumber',
        'signName',
        'notes',
        'passengers',
        'luggage',
        'passengerNames',
      ]
      await queueTravellerDetailsChanged(
        trx,
        booking,
        fields.map((field) => ({ field, before: null, after: 'new' })),
        now,
      )
      const departures: DepartureNotice[] = [
        {
          kind: 'moved',
          flight: 'TK1985',
          departure: new Date('2026-12-02T11:30:00Z'),
          previous: new Date('2026-12-02T10:00:00Z'),
          pickup: new Date('2026-12-02T07:45:00Z'),
        },
        { kind: 'cancelled', flight: 'TK1985' },
      ]
      for (const notice of departures) {
        await queueOpsDepartureNotice(trx, booking, notice, now)
        await queueTravellerDepartureNotice(trx, booking, notice, now)
      }
      const flights: FlightNotice[] = [
        {
          kind: 'delayed',
          flight: 'TK1984',
          landing: new Date('2026-12-02T11:30:00Z'),
          pickup: new Date('2026-12-02T12:00:00Z'),
          minutes: 90,
          statusText: 'Delayed',
        },
        { kind: 'cancelled', flight: 'TK1984', statusText: 'Cancelled' },
        { kind: 'diverted', flight: 'TK1984', airport: 'IST', statusText: 'Diverted' },
      ]
      for (const notice of flights) {
        await queueOpsFlightNotice(trx, booking, notice, { driver: 'Ali Veli' }, now)
        await queueTravellerFlightNotice(trx, booking, notice, now)
      }
      await queueOpsPickupCodeAlert(trx, booking, { misses: 3, driver: 'Ali Veli' }, now)
      await queueTravellerStaffMessage(
        trx,
        booking,
        'Your driver waits at gate 8.',
        `m:${booking.id}`,
        now,
      )
      for (const kind of ['assignment', 'withdrawn', 'reminder'] as const) {
        await queueDriverDetailsMail(
          trx,
          booking,
          kind === 'withdrawn' ? null : pair,
          kind,
          `${kind}:${booking.id}`,
          now,
        )
      }
    })
  }

  const mailOf = (kind: string, booking: BookingRow) => {
    const found = mails.filter(
      (mail) => mail.kind === kind && mail.subject.includes(booking.reference),
    )
    expect(found, `${kind} of ${booking.reference}`).toHaveLength(1)
    return found[0]!
  }

  it('renders each kind in both languages', () => {
    const kinds = [
      'traveller.confirmation',
      'ops.booking_confirmed',
      'ops.refund_due',
      'ops.booking_cancelled',
      'traveller.cancelled',
      'traveller.refunded',
      'traveller.link',
      'traveller.link_expired',
      'traveller.details_changed',
      'traveller.assignment',
      'traveller.withdrawn',
      'traveller.reminder',
      'ops.departure_moved',
      'ops.departure_cancelled',
      'traveller.departure_moved',
      'traveller.departure_cancelled',
      'ops.flight_delay',
      'ops.flight_cancelled',
      'ops.flight_diverted',
      'traveller.flight_delay',
      'traveller.flight_cancelled',
      'traveller.flight_diverted',
      'ops.pickup_code_alert',
      'traveller.staff_message',
    ]
    for (const language of ['en', 'tr'] as const) {
      expect(
        new Set(mails.filter((mail) => mail.language === language).map((mail) => mail.kind)),
      ).toEqual(new Set(kinds))
    }
  })

  it('shows no translation key, group sentence or placeholder in any of them', () => {
    const leaks = mails.flatMap((mail) =>
      (['subject', 'text', 'html'] as const).flatMap((part) =>
        rawKeysIn(mail[part]).map((leak) => `${mail.kind} (${mail.language}) ${part}: ${leak}`),
      ),
    )
    expect(leaks).toEqual([])
  })

  it('writes the operations mailbox in English, the traveller in the booking’s language', () => {
    for (const mail of mails) {
      const language = mail.kind.startsWith('ops.') ? 'en' : mail.language
      expect(mail.html, mail.kind).toContain(`<html lang="${language}"`)
    }
  })

  it('names the traveller in the operations mailbox', () => {
    for (const language of ['en', 'tr'] as const) {
      const booking = bookings[`oneWay.${language}`]!
      for (const kind of ['ops.booking_confirmed', 'ops.booking_cancelled', 'ops.refund_due']) {
        expect(mailOf(kind, booking).text).toContain('\nTraveller: Ayşe Yılmaz\n')
      }
    }
  })

  it('words a hire by the hour naturally, in the subject and the route', () => {
    const route = {
      en: 'Kadıköy, hire by the hour for 4 hours',
      tr: 'Kadıköy çıkışlı 4 saatlik kiralama',
    }
    for (const language of ['en', 'tr'] as const) {
      const booking = bookings[`hourly.${language}`]!
      // The operations mailbox reads English whatever the booking's language.
      expect(mailOf('ops.booking_confirmed', booking).subject).toContain(route.en)
      expect(mailOf('traveller.assignment', booking).text).toContain(route[language])
    }
  })

  it('dates the return in the operations mailbox as it dates the pickup', () => {
    for (const language of ['en', 'tr'] as const) {
      const booking = bookings[`return.${language}`]!
      const text = mailOf('ops.booking_confirmed', booking).text
      const back = formatDate(booking.return_date!, 'en')
      expect(text).toContain(`\nReturn: Şile → Sabiha Gökçen Airport (SAW), ${back} at 18:00\n`)
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    }
  })

  it('gives each pickup’s exact place, outbound and return, to the traveller and to operations', () => {
    const labels = {
      en: {
        address: 'Address or hotel',
        returnAddress: 'Return pickup address',
        returnFlight: 'Return arriving flight',
      },
      tr: {
        address: 'Adres veya otel',
        returnAddress: 'Dönüşte alış adresi',
        returnFlight: 'Dönüşte geliş uçuşu',
      },
    }
    for (const language of ['en', 'tr'] as const) {
      const words = labels[language]
      const toShile = bookings[`return.${language}`]!
      const fromTown = bookings[`returnFromTown.${language}`]!
      const confirmation = (booking: BookingRow) => mailOf('traveller.confirmation', booking).text
      expect(confirmation(toShile)).toContain(`\n${words.returnAddress}: Şile Feneri Oteli\n`)
      expect(confirmation(fromTown)).toContain(`\n${words.address}: Cumhuriyet Caddesi 10\n`)
      expect(confirmation(fromTown)).toContain(`\n${words.returnFlight}: TK1985\n`)
      const ops = (booking: BookingRow) => mailOf('ops.booking_confirmed', booking).text
      expect(ops(toShile)).toContain('\nReturn pickup address: Şile Feneri Oteli\n')
      expect(ops(fromTown)).toContain('\nAddress or hotel: Cumhuriyet Caddesi 10\n')
      expect(ops(fromTown)).toContain('\nReturn arriving flight: TK1985\n')
    }
  })

  it('puts the return pickup’s exact address in the calendar file', async () => {
    const toShile = bookings['return.en']!
    const { attachment } = await renderConfirmation(handle.db, toShile, now)
    const unfolded = attachment.content.replace(/\r\n /g, '')
    expect(unfolded).toContain('LOCATION:Şile Feneri Oteli\\, Şile\r\n')
  })

  it('says a return trip’s extras are fitted and charged on each ride', () => {
    const extras = {
      en: '\nExtras: Child Seat (fitted and charged on each ride, outbound and return)\n',
      tr: '\nEkstralar: Çocuk koltuğu (gidişte ve dönüşte ayrı ayrı takılır ve ücretlendirilir)\n',
    }
    const oneWay = { en: '\nExtras: Child Seat\n', tr: '\nEkstralar: Çocuk koltuğu\n' }
    for (const language of ['en', 'tr'] as const) {
      expect(mailOf('traveller.confirmation', bookings[`return.${language}`]!).text).toContain(
        extras[language],
      )
      expect(mailOf('traveller.confirmation', bookings[`oneWay.${language}`]!).text).toContain(
        oneWay[language],
      )
    }
  })
})
