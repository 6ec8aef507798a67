import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { simulatorCards } from '~/adapters/payment/simulator.server'
import { CookieJar, bookNow, journeyToBookNow, post, queryStore } from './journey'
import { runNode, scratchFolder, startServer, type RunningServer } from './server-process'

/**
 * `npm run maintenance` is one run of the periodic job in a process of its
 * own, which ends when the run does. Whatever the run claims to send (the
 * confirmation of a booking whose payment callback was lost, and the
 * operations e-mail about it) it sends before the process exits: a claim left
 * to a process that is gone would hold the message back for its lease and
 * spend one of its tries.
 */

const folder = scratchFolder()
const env = {
  DATABASE_URL: join(folder, 'shared.sqlite'),
  OUTBOX_DIR: join(folder, 'outbox'),
  SESSION_SECRET: 'process-test-secret-not-for-production',
  OPERATIONS_EMAIL: 'ops@example.com',
}

let server: RunningServer | undefined
afterAll(async () => {
  await server?.stop('SIGKILL')
})

describe('npm run maintenance after a lost payment callback', () => {
  it('confirms the booking and sends its e-mails before it exits', async () => {
    server = await startServer(env)
    const jar = new CookieJar()
    await journeyToBookNow(server.url, jar)
    const booked = await post(`${server.url}/booking-payment`, jar, bookNow)
    const paymentPage = booked.headers.get('location')!
    expect(paymentPage).toMatch(/\/payment-simulator\/[\w-]+$/)
    // Paid on the provider's page; the callback that would confirm it never comes.
    await post(paymentPage, jar, { cardNumber: simulatorCards.success })
    await server.stop()

    const sql = (text: string, values: unknown[] = []) => queryStore(env.DATABASE_URL, text, values)
    // The callback's grace is over: the job asks the provider.
    await sql('update payment_attempts set created_at = $1', [
      new Date(Date.now() - 10 * 60_000).toISOString(),
    ])

    const run = runNode(['scripts/maintenance.mjs'], {
      ...env,
      PUBLIC_BASE_URL: `http://localhost:${server.port}`,
    })
    expect(await run.exited, run.lines.join('\n')).toBe(0)
    const report = run.lines.map((line) => JSON.parse(line) as Record<string, unknown>).at(-1)
    expect(report).toMatchObject({ ran: true, confirmed: 1 })

    const [booking] = await sql('select id, status from bookings')
    expect(booking?.status).toBe('confirmed')
    const messages = await sql(
      'select kind, recipient, status, attempts from outgoing_messages where booking_id = $1 order by id',
      [booking!.id],
    )
    expect(messages.map((message) => message.recipient)).toEqual(
      expect.arrayContaining(['ayse@example.com', 'ops@example.com']),
    )
    for (const message of messages) {
      expect(message, `${String(message.kind)} to ${String(message.recipient)}`).toMatchObject({
        status: 'sent',
        attempts: 1,
      })
    }
  })
})
