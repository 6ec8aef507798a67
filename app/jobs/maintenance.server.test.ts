import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../tests/support/database-backends'
import { senderHash, storeContactMessage } from '~/contact/contact-messages.server'
import { createDraft, savePassengerDetails } from '~/booking/bookings.server'
import { draftInput, passenger } from '../../tests/support/booking-fixtures'
import { UNPAID_RETENTION_DAYS } from '~/jobs/retention.server'
import { createSimulatorProvider } from '~/adapters/payment/simulator.server'
import { runMaintenance } from './maintenance.server'
import { addDays, istanbulDate } from '~/domain/booking-window'

function mailsWith(marker: string): string[] {
  const outbox = process.env.OUTBOX_DIR!
  return readdirSync(outbox, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(outbox, entry.name), 'utf8'))
    .filter((mail) => mail.includes(marker))
}

const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000)

describe.each(storageBackends())('the maintenance job in two instances on $name', (backend) => {
  let first: DatabaseHandle
  let second: DatabaseHandle
  const now = new Date()
  // Ten days on: no day-before reminder joins the e-mails this run sends, whatever the day.
  const rideDay = addDays(istanbulDate(now), 10)

  beforeAll(async () => {
    first = await backend.open()
    await migrateToLatest(first.db)
    second = backend.url ? openDatabase(backend.url) : await backend.open()
  })
  afterAll(async () => {
    await second.db.destroy()
    await first.db.destroy()
    await backend.close()
  })

  const provider = (handle: DatabaseHandle) =>
    createSimulatorProvider({ database: async () => handle, baseUrl: 'http://localhost:3000' })

  it('runs in one of them at a time and sends each waiting e-mail once', async () => {
    const subject = `Waiting since an hour ${backend.name} ${now.getTime()}`
    await storeContactMessage(
      first,
      {
        fullName: 'Ayşe Yılmaz',
        email: 'ayse@example.com.tr',
        subject,
        message: 'A transfer for twelve, please.',
        language: 'en',
        senderHash: senderHash('198.51.100.40', 'maintenance-test-secret-0123456789'),
      },
      minutes(now, -60),
    )
    const { booking } = await createDraft(first, draftInput(1, rideDay), minutes(now, -70))
    await savePassengerDetails(first, booking.id, passenger, minutes(now, -65))
    await first.db
      .updateTable('bookings')
      .set({ status: 'confirmed', payment_option: 'fullCard', mail_status: 'pending' })
      .where('id', '=', booking.id)
      .execute()

    const reports = await Promise.all([
      runMaintenance(first, provider(first), now),
      runMaintenance(second, provider(second), now),
    ])
    expect(reports.filter((report) => report.ran)).toHaveLength(1)
    expect(reports.filter((report) => !report.ran)).toEqual([{ ran: false }])
    expect(mailsWith(subject)).toHaveLength(1)
    expect(mailsWith(booking.reference)).toHaveLength(1)

    // The next period runs wherever it lands, and finds nothing left to send.
    const next = await runMaintenance(second, provider(second), minutes(now, 5))
    expect(next).toMatchObject({ ran: true, mailed: 0, contactMails: 0 })
  })

  it('deletes unpaid bookings past the retention period', async () => {
    const { booking } = await createDraft(
      first,
      draftInput(1, rideDay),
      minutes(now, -(UNPAID_RETENTION_DAYS + 1) * 24 * 60),
    )
    const report = await runMaintenance(first, provider(first), now)
    expect(report).toMatchObject({ ran: true, purgedBookings: 1 })
    expect(
      await first.db.selectFrom('bookings').select('id').where('id', '=', booking.id).execute(),
    ).toEqual([])
  })
})
