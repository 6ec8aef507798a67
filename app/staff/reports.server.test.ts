import { describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { DraftInput } from '~/booking/bookings.server'
import { findBooking } from '~/booking/bookings.server'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { getSiteSettings } from '~/config/site.server'
import { listVehicleClasses } from '~/content/fleet.server'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { bookAndPay } from '~/booking/book-and-pay.server'
import { settlePaymentCallback } from '~/booking/settle-payment.server'
import { cancelBooking } from '~/booking/cancel-booking.server'
import { findReturnRide } from '~/booking/return-ride.server'
import { createStaffAccount } from './accounts.server'
import { addCompany, addPartnerUser } from '~/companies/company-store.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import {
  billing,
  draftInput,
  hourlyDraftInput,
  returnDraftInput,
} from '../../tests/support/booking-fixtures'
import {
  draftAtPayment,
  payContext,
  simulatorFor,
  tokenOf,
  tripDate,
} from '../../tests/support/payment-step'
import { boardBookings } from './board.server'
import { boardRowsOf } from './ops-pages.server'
import { bookingsCsv } from './board-exports.server'
import { reportInput, reportSections, sectionCsv, type Words } from './reports-page.server'

/** RFC 4180 read back: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"'
        index++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      index++
    } else field += char
  }
  return rows
}

/** The lines of a CSV as objects keyed by its header. */
function records(text: string): Record<string, string>[] {
  const [header, ...lines] = parseCsv(text)
  return lines.map((line) => Object.fromEntries(header!.map((name, index) => [name, line[index]!])))
}

const toMinor = (amount: string) => Math.round(Number(amount) * 100)

/**
 * The reports against accounting's bookings CSV (by day of payment): rides
 * paid through Book Now and the payment simulator, a deposit, a trip there
 * and back, a hire by the hour in euros, a cancellation by the traveller and
 * one by staff of a return ride, each with its refund; the two files must
 * give the same totals for the day, on a real SQLite file and on PostgreSQL.
 */
describe.each(storageBackends())('the reports and the bookings CSV on $name', (backend) => {
  let handle: DatabaseHandle
  let simulator: PaymentProvider
  // Real time: the simulator dates its sessions by the clock.
  const now = new Date()
  const today = istanbulDate(now)
  const t = translatorFor('en')
  const titles = new Map(
    listVehicleClasses('en', getSiteSettings()).map((item) => [item.code, item.title]),
  )
  const words: Words = {
    t,
    language: 'en',
    classTitle: (code) => titles.get(code as never) ?? code,
  }

  useMigratedDatabase(backend, (opened) => {
    handle = opened
    simulator = simulatorFor(handle)
  })

  /** A booking paid through Book Now on the simulator and confirmed by its callback. */
  async function paid(input: DraftInput, paymentOption: 'fullCard' | 'depositCash') {
    const step = await draftAtPayment(handle, now, input.trip.date, input)
    const begun = await bookAndPay(
      step,
      { intent: 'book', details: { ...billing, paymentOption } },
      payContext(simulator),
      now,
    )
    if (begun.kind !== 'page') throw new Error(`no payment page: ${begun.kind}`)
    const token = tokenOf(begun.paymentPageUrl)
    await payOnSimulator(handle, token, simulatorCards.success, now)
    expect(await settlePaymentCallback(handle, simulator, token, now, vi.fn())).toEqual({
      kind: 'confirmed',
    })
    return (await findBooking(handle, step.booking.id))!
  }

  async function bookingsCsvFor(day: string) {
    const rows = await boardBookings(handle, { from: day, to: day, paidDays: true })
    return bookingsCsv(
      boardRowsOf(rows, { language: 'en', t, vehicleTitle: words.classTitle }),
      t,
      {
        paidDays: true,
      },
    )
  }

  it('gives the same totals per currency as the bookings CSV by payment day', async () => {
    const date = tripDate(now, 5)
    const full = await paid(draftInput(1, date), 'fullCard')
    const deposit = await paid(draftInput(2, date), 'depositCash')
    const trip = await paid(returnDraftInput(1, date, addDays(date, 2)), 'depositCash')
    const hourly = await paid(hourlyDraftInput(4, null, 1, date), 'fullCard')
    const cancelledOnline = await paid(draftInput(0, date), 'fullCard')
    const returnRide = (await findReturnRide(handle.db, trip.id))!
    expect(returnRide.status).toBe('confirmed')

    const staff = await createStaffAccount(
      handle,
      {
        email: `reports.${backend.name.toLowerCase()}@example.com`,
        name: 'Selin Demir',
        role: 'dispatcher',
        password: 'a-long-password-1',
      },
      now,
    )
    expect(
      await cancelBooking(
        handle,
        simulator,
        { bookingId: cancelledOnline.id, clientAddress: '127.0.0.1', by: { kind: 'traveller' } },
        now,
      ),
    ).toMatchObject({ kind: 'cancelled', refund: { kind: 'succeeded' } })
    // Staff cancel the trip's return ride only: its share of the one payment goes back.
    expect(
      await cancelBooking(
        handle,
        simulator,
        {
          bookingId: returnRide.id,
          clientAddress: '127.0.0.1',
          by: { kind: 'staff', accountId: staff.id },
          reason: 'The traveller stays longer',
          refund: true,
        },
        now,
      ),
    ).toMatchObject({ kind: 'cancelled', refundMinor: returnRide.paid_minor })

    const input = await reportInput(handle, { from: today, to: today, by: 'day' })
    const sections = reportSections(input, words)
    const section = (id: string) => sections.find((table) => table.id === id)!
    const revenue = records(sectionCsv(section('revenue')))

    // The bookings CSV: every ride paid today, each on its own line (the trip's two rides too).
    const bookings = records(await bookingsCsvFor(today))
    expect(bookings.map((row) => row.Reference).sort()).toEqual(
      [full, deposit, trip, returnRide, hourly, cancelledOnline].map((b) => b.reference).sort(),
    )
    const standing = bookings.filter((row) => row.Status !== 'Cancelled')
    for (const currency of ['TRY', 'EUR']) {
      const lines = standing.filter((row) => row.Currency === currency)
      const sum = (column: string) => lines.reduce((total, row) => total + toMinor(row[column]!), 0)
      const total = revenue.find((row) => row.Period === 'total' && row.Currency === currency)!
      expect(total, currency).toBeDefined()
      expect(Number(total.Rides)).toBe(lines.length)
      expect(toMinor(total.Total!)).toBe(sum('Total'))
      expect(toMinor(total['Charged by card']!)).toBe(sum('Charged by card'))
      expect(toMinor(total['Cash due to drivers']!)).toBe(sum('Cash due to driver'))
      expect(toMinor(total['Total in EUR']!)).toBe(sum('Total in EUR'))
      // Today's one line by day holds the same as the total.
      const day = revenue.find((row) => row.Period === today && row.Currency === currency)!
      expect(day.Total).toBe(total.Total)
    }
    // Lira: the full and deposit bookings and the trip's outbound ride (its return was cancelled).
    const lira = revenue.find((row) => row.Period === 'total' && row.Currency === 'TRY')!
    expect(lira.Rides).toBe('3')
    const tripRides = bookings.filter((row) =>
      [trip.reference, returnRide.reference].includes(row.Reference!),
    )
    // The trip's two rides add up to its one payment: nothing counted twice, nothing lost.
    expect(tripRides.reduce((sum, row) => sum + toMinor(row.Total!), 0)).toBe(trip.total_minor)
    expect(tripRides.reduce((sum, row) => sum + toMinor(row['Charged by card']!), 0)).toBe(
      trip.paid_minor,
    )
    expect(tripRides.reduce((sum, row) => sum + toMinor(row['Total in EUR']!), 0)).toBe(
      trip.total_cents,
    )
    const depositLine = bookings.find((row) => row.Reference === deposit.reference)!
    expect(toMinor(depositLine['Charged by card']!)).toBe(deposit.paid_minor)
    expect(toMinor(depositLine['Cash due to driver']!)).toBe(
      deposit.total_minor - deposit.paid_minor!,
    )

    // The rides cancelled since: one by the traveller, one by staff, with what the card had taken.
    expect(records(sectionCsv(section('cancellations')))).toEqual([
      {
        Currency: 'TRY',
        'Cancelled rides': '2',
        'By the traveller': '1',
        'By staff': '1',
        'Charged by card': expect.any(String),
        'Total in EUR': expect.any(String),
      },
    ])
    const cancelledLines = bookings.filter((row) => row.Status === 'Cancelled')
    expect(toMinor(records(sectionCsv(section('cancellations')))[0]!['Charged by card']!)).toBe(
      cancelledLines.reduce((sum, row) => sum + toMinor(row['Charged by card']!), 0),
    )
    expect(records(sectionCsv(section('refunds')))).toEqual([
      {
        Currency: 'TRY',
        'Asked by': 'traveller',
        State: 'succeeded',
        Refunds: '1',
        Amount: expect.any(String),
      },
      {
        Currency: 'TRY',
        'Asked by': 'staff',
        State: 'succeeded',
        Refunds: '1',
        Amount: expect.any(String),
      },
    ])
    const refunds = records(sectionCsv(section('refunds')))
    expect(toMinor(refunds[0]!.Amount!)).toBe(cancelledOnline.paid_minor)
    expect(toMinor(refunds[1]!.Amount!)).toBe(returnRide.paid_minor)

    // Four rides stand, all five days away: the lead time buckets count them.
    const lead = records(sectionCsv(section('lead-time')))
    expect(lead.find((row) => row['Booked before pickup'] === 'days3to7')?.Rides).toBe('4')

    // By week and by month: the same totals, the period named in words and kept as its key.
    for (const [by, text, key] of [
      ['week', /^Week \d{1,2}, \d{4} \(\d{1,2} \w+ \d{4} – \d{1,2} \w+ \d{4}\)$/, /^\d{4}-W\d{2}$/],
      ['month', /^\w+ \d{4}$/, /^\d{4}-\d{2}$/],
    ] as const) {
      const grouped = reportSections({ ...input, period: { ...input.period, by } }, words)[0]!
      expect(grouped.rows[0]![0]!.text).toMatch(text)
      expect(String(grouped.rows[0]![0]!.csv)).toMatch(key)
      expect(grouped.footer).toEqual(section('revenue').footer)
    }

    // Channels: the site's own travellers, then a partner's ride once a partner user booked it.
    expect(records(sectionCsv(section('channels')))).toEqual([
      { 'Booked through': 'website', Rides: '4', 'Total in EUR': expect.any(String) },
    ])
    const company = await addCompany(
      handle,
      {
        name: 'Hotel Bosphorus',
        taxOffice: 'Beşiktaş',
        taxNumber: '1234567890',
        billingAddress: 'Çırağan Caddesi 1',
        contactEmail: 'accounts@bosphorus.example',
        rateKind: 'commission',
        ratePercent: 10,
        paymentTerms: 'card',
        creditLimitCents: 0,
        active: true,
      },
      staff.id,
      now,
    )
    if (!company.ok) throw new Error('company not stored')
    const partner = await addPartnerUser(
      handle,
      company.id,
      {
        name: 'Deniz Kara',
        email: `desk.${backend.name.toLowerCase()}@bosphorus.example`,
        password: 'a-long-password-1',
      },
      staff.id,
      now,
    )
    if (!partner.ok) throw new Error('partner user not stored')
    await handle.db
      .updateTable('bookings')
      .set({ company_id: company.id, partner_user_id: partner.id })
      .where('id', '=', hourly.id)
      .execute()
    // A company's own account without a partner user booking is not a channel of its own.
    await handle.db
      .updateTable('bookings')
      .set({ company_id: company.id })
      .where('id', '=', full.id)
      .execute()
    await handle.db
      .insertInto('ride_reviews')
      .values(
        [full, deposit].map((booking, index) => ({
          booking_id: booking.id,
          driver_id: null,
          vehicle_class: booking.vehicle_class ?? '',
          driver_stars: 5,
          car_stars: index === 0 ? 4 : 2,
          punctuality_stars: 5,
          comment: null,
          publish_consent: 0,
          author_name: 'Anna K.',
          language: 'en',
          created_at: now.toISOString(),
        })),
      )
      .execute()
    const withMore = reportSections(
      await reportInput(handle, { from: today, to: today, by: 'day' }),
      words,
    )
    const more = (id: string) => withMore.find((table) => table.id === id)!
    const channels = records(sectionCsv(more('channels')))
    expect(channels.map((row) => [row['Booked through'], row.Rides])).toEqual([
      ['website', '3'],
      ['Hotel Bosphorus', '1'],
    ])
    expect(more('channels').chart?.bars.map((bar) => [bar.label, bar.valueText])).toEqual([
      ['Website (travellers)', '3'],
      ['Hotel Bosphorus', '1'],
    ])
    expect(records(sectionCsv(more('reviews')))).toEqual([
      {
        Period: today,
        Reviews: '2',
        'Average score': '4.3',
        Driver: '5.0',
        Car: '3.0',
        Punctuality: '5.0',
      },
    ])
    expect(more('reviews').chart?.bars).toEqual([
      { label: expect.any(String), valueText: '4.3 (2 reviews)', length: 0.86 },
    ])
    // The revenue chart sums each day's currencies in euros, on a round axis.
    const revenueChart = more('revenue').chart!
    expect(revenueChart.bars).toHaveLength(1)
    expect(revenueChart.ticks.at(-1)!.at).toBe(1)
    expect(revenueChart.bars[0]!.length).toBeGreaterThan(0.2)

    // Yesterday nothing was paid: no revenue, and no line in the bookings CSV.
    const yesterday = addDays(today, -1)
    expect(
      reportSections(
        await reportInput(handle, { from: yesterday, to: yesterday, by: 'day' }),
        words,
      )[0]!.rows,
    ).toEqual([])
    expect(records(await bookingsCsvFor(yesterday))).toEqual([])
  })
})
