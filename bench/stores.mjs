// Where a load run keeps its bookings: a fresh SQLite file or a fresh PostgreSQL
// database, created for the run, counted afterwards, removed unless kept.
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'

/** What the run asks of the database once the servers have stopped. */
const queries = {
  statuses: 'select status, count(*) as n from bookings group by status',
  confirmedReferences: "select reference from bookings where status = 'confirmed'",
  // Two attempts that both took money for one booking, or an attempt flagged for refund.
  doublyPaid: `select count(*) as n from (
      select booking_id from payment_attempts where status = 'succeeded'
      group by booking_id having count(*) > 1) as paid_twice`,
  // Second charges, whether still due or already refunded by the maintenance run.
  refundsDue:
    "select count(*) as n from payment_attempts where refund_status in ('due', 'refunded')",
  events: 'select to_status, count(*) as n from booking_events group by to_status',
  mailsSent:
    "select count(*) as n from outgoing_messages where kind = 'traveller.confirmation' and status = 'sent'",
}

async function countAll(run) {
  const statuses = Object.fromEntries(
    (await run(queries.statuses)).map((row) => [row.status, Number(row.n)]),
  )
  const events = Object.fromEntries(
    (await run(queries.events)).map((row) => [row.to_status, Number(row.n)]),
  )
  const first = async (query) => Number((await run(query))[0]?.n ?? 0)
  return {
    statuses,
    confirmedReferences: (await run(queries.confirmedReferences)).map((row) => row.reference),
    doublyPaid: await first(queries.doublyPaid),
    refundsDue: await first(queries.refundsDue),
    events,
    mailsSent: await first(queries.mailsSent),
  }
}

export function sqliteStore(folder) {
  const file = join(folder, 'bench.sqlite')
  return {
    name: 'SQLite',
    url: async () => file,
    count: async () => {
      const database = new Database(file, { readonly: true, fileMustExist: true })
      try {
        return await countAll(async (query) => database.prepare(query).all())
      } finally {
        database.close()
      }
    },
    drop: async () => {},
  }
}

export function postgresStore(adminUrl) {
  const name = `mc_bench_${process.pid}_${Date.now()}`
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const admin = async (query) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
    await client.connect()
    try {
      await client.query(query)
    } finally {
      await client.end()
    }
  }
  return {
    name: 'PostgreSQL',
    database: name,
    url: async () => {
      await admin(`create database ${name}`)
      return url.toString()
    },
    count: async () => {
      const client = new pg.Client({ connectionString: url.toString() })
      await client.connect()
      try {
        return await countAll(async (query) => (await client.query(query)).rows)
      } finally {
        await client.end()
      }
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  }
}
