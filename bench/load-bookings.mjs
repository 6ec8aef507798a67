// Load run of complete bookings over HTTP:
//
//   npm run bench:load -- --journeys 300 --store sqlite      (one instance, one SQLite file)
//   npm run bench:load -- --journeys 300 --store postgres    (two instances, one PostgreSQL database)
//   npm run bench:load -- --journeys 5 --skip-build          (smoke run, e.g. from CI after a build)
//
// Builds the site (unless --skip-build), starts its own servers (`node server.js`
// on free loopback ports) on a fresh SQLite file or a fresh PostgreSQL database,
// runs the journeys (bench/journey.mjs) concurrently, waits for the confirmation
// e-mails, stops the servers, counts in the database and the outbox, prints a
// summary and exits 0 only when every journey booked exactly one confirmed,
// mailed booking with no 5xx. Every request goes to 127.0.0.1 and has a time
// limit; the whole run has a deadline.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import process from 'node:process'
import { parseArgs } from 'node:util'
import { formatSummary, summarise as summariseProfile } from './cpu-profile.mjs'
import { bookOnce, Browser, RequestStats } from './journey.mjs'
import { root, startServer } from './servers.mjs'
import { postgresStore, sqliteStore } from './stores.mjs'

const usage = `usage: node bench/load-bookings.mjs [options]
  --journeys N        complete bookings to make (default 300)
  --concurrency N     journeys in flight at once (default: all of them)
  --store NAME        sqlite (default) or postgres
  --instances N       servers sharing the database (default 1 on sqlite, 2 on postgres);
                      each journey sends its requests to them in turn with one cookie jar
  --timeout SECONDS   limit per request (default 30)
  --deadline SECONDS  limit for the whole run of journeys (default 600)
  --postgres-url URL  server to create the database on (default $BENCH_POSTGRES_URL or
                      postgres://root@127.0.0.1:5432/postgres)
  --skip-build        use the existing build/ instead of running npm run build
  --keep              keep the scratch folder and the database
  --json              print the summary as one JSON object
  --profile           run the first instance with node --cpu-prof and print where its
                      time went (kept as bench/results/load.cpuprofile)`

function options() {
  let parsed
  try {
    parsed = parseArgs({
      options: {
        journeys: { type: 'string', default: '300' },
        concurrency: { type: 'string' },
        store: { type: 'string', default: 'sqlite' },
        instances: { type: 'string' },
        timeout: { type: 'string', default: '30' },
        deadline: { type: 'string', default: '600' },
        'postgres-url': {
          type: 'string',
          default: process.env.BENCH_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
        },
        'skip-build': { type: 'boolean', default: false },
        keep: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        profile: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values
  } catch (error) {
    process.stderr.write(`${error.message}\n${usage}\n`)
    process.exit(2)
  }
  if (parsed.help) {
    process.stdout.write(`${usage}\n`)
    process.exit(0)
  }
  const whole = (name, value, min) => {
    const number = Number(value)
    if (!Number.isInteger(number) || number < min) {
      process.stderr.write(`--${name} must be a whole number of at least ${min}\n${usage}\n`)
      process.exit(2)
    }
    return number
  }
  if (!['sqlite', 'postgres'].includes(parsed.store)) {
    process.stderr.write(`--store must be sqlite or postgres\n${usage}\n`)
    process.exit(2)
  }
  const journeys = whole('journeys', parsed.journeys, 1)
  return {
    journeys,
    concurrency: Math.min(journeys, whole('concurrency', parsed.concurrency ?? journeys, 1)),
    store: parsed.store,
    instances: whole('instances', parsed.instances ?? (parsed.store === 'sqlite' ? 1 : 2), 1),
    timeoutMs: whole('timeout', parsed.timeout, 1) * 1000,
    deadlineMs: whole('deadline', parsed.deadline, 1) * 1000,
    postgresUrl: parsed['postgres-url'],
    build: !parsed['skip-build'],
    keep: parsed.keep,
    json: parsed.json,
    profile: parsed.profile,
  }
}

const say = (line) => process.stderr.write(`${line}\n`)

function build() {
  say('building (npm run build)...')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' })
  if (result.status !== 0) {
    say(`${result.stdout}\n${result.stderr}`)
    throw new Error('npm run build failed')
  }
}

/** A client address of its own per journey (sent as X-Forwarded-For; no traffic goes there). */
function addressFor(index) {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`
}

function percentile(sorted, fraction) {
  if (!sorted.length) return null
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]
}

/**
 * The travellers' confirmation e-mails in the outbox: the ones carrying the
 * calendar file. The operations mailbox's note of each booking is left out.
 */
function emlCount(folder) {
  if (!existsSync(folder)) return 0
  return readdirSync(folder).filter(
    (name) =>
      name.endsWith('.eml') &&
      readFileSync(join(folder, name), 'utf8').includes('Content-Type: text/calendar'),
  ).length
}

async function runJourneys(settings, sites, stats) {
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), settings.deadlineMs)
  timer.unref()
  const results = new Array(settings.journeys)
  let next = 0
  const worker = async () => {
    while (next < settings.journeys) {
      const index = next++
      const browser = new Browser({
        sites,
        address: addressFor(index),
        timeoutMs: settings.timeoutMs,
        stats,
        signal: deadline.signal,
        start: index,
      })
      const began = performance.now()
      try {
        const reference = await bookOnce(browser, index)
        results[index] = { ok: true, reference, ms: performance.now() - began }
      } catch (error) {
        results[index] = {
          ok: false,
          step: error.step ?? 'unknown',
          error: error.message,
          ms: performance.now() - began,
        }
      }
    }
  }
  const began = performance.now()
  await Promise.all(Array.from({ length: settings.concurrency }, worker))
  clearTimeout(timer)
  return { results, wallMs: performance.now() - began }
}

/** Confirmation e-mails leave just after the callback answers: give them time to land. */
async function waitForMails(outbox, expected) {
  let count = emlCount(outbox)
  let lastChange = Date.now()
  while (count < expected && Date.now() - lastChange < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const now = emlCount(outbox)
    if (now !== count) lastChange = Date.now()
    count = now
  }
}

function summarise(settings, store, run, stats, counts, emails, servers) {
  const booked = run.results.filter((result) => result.ok)
  const failed = run.results.filter((result) => !result.ok)
  const times = booked.map((result) => result.ms).sort((a, b) => a - b)
  const confirmed = new Set(counts.confirmedReferences)
  const seen = new Map()
  for (const { reference } of booked) seen.set(reference, (seen.get(reference) ?? 0) + 1)
  const failuresByStep = {}
  for (const { step } of failed) failuresByStep[step] = (failuresByStep[step] ?? 0) + 1
  return {
    store: store.name,
    instances: settings.instances,
    concurrency: settings.concurrency,
    journeys: settings.journeys,
    booked: booked.length,
    failed: failed.length,
    failuresByStep,
    failureSamples: [...new Set(failed.map((result) => result.error))].slice(0, 5),
    confirmedInDatabase: counts.confirmedReferences.length,
    bookingStatuses: counts.statuses,
    duplicates: {
      bookingsPaidTwice: counts.doublyPaid,
      refundsDue: counts.refundsDue,
      referencesSeenByTwoJourneys: [...seen.values()].filter((times) => times > 1).length,
    },
    lost: booked.filter(({ reference }) => !confirmed.has(reference)).length,
    confirmedWithoutFinishedJourney: [...confirmed].filter((reference) => !seen.has(reference))
      .length,
    requests: stats.requests,
    responses5xx: stats.serverErrors,
    timeouts: stats.timeouts,
    networkErrors: stats.networkErrors,
    statusCounts: Object.fromEntries([...stats.byStatus].sort(([a], [b]) => a - b)),
    emails,
    mailsSentInDatabase: counts.mailsSent,
    events: counts.events,
    journeyMs: {
      p50: percentile(times, 0.5),
      p99: percentile(times, 0.99),
      max: times.at(-1) ?? null,
    },
    wallSeconds: run.wallMs / 1000,
    // The instances' CPU from the first request to the last e-mail, all journeys together.
    serverCpuSeconds: Number.isNaN(run.serverCpuMs) ? null : run.serverCpuMs / 1000,
    bookingsPerSecond: booked.length / (run.wallMs / 1000),
    serverErrorLines: servers.flatMap((server) => server.errors()).slice(0, 5),
    serverErrorLineCount: servers.reduce((sum, server) => sum + server.errors().length, 0),
  }
}

function clean(summary) {
  return (
    summary.booked === summary.journeys &&
    summary.confirmedInDatabase === summary.journeys &&
    summary.lost === 0 &&
    summary.confirmedWithoutFinishedJourney === 0 &&
    summary.duplicates.bookingsPaidTwice === 0 &&
    summary.duplicates.refundsDue === 0 &&
    summary.duplicates.referencesSeenByTwoJourneys === 0 &&
    summary.responses5xx === 0 &&
    summary.emails === summary.confirmedInDatabase
  )
}

function print(summary) {
  const ms = (value) => (value === null ? '-' : `${Math.round(value)} ms`)
  const list = (record) =>
    Object.entries(record)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ') || '-'
  const lines = [
    `${summary.journeys} journeys on ${summary.store}, ${summary.instances} instance(s), ${summary.concurrency} at once`,
    `  journeys            ${summary.booked} booked, ${summary.failed} failed${summary.failed ? ` (${list(summary.failuresByStep)})` : ''}`,
    `  confirmed in db     ${summary.confirmedInDatabase}   (bookings: ${list(summary.bookingStatuses)})`,
    `  duplicates          ${summary.duplicates.bookingsPaidTwice} paid twice, ${summary.duplicates.refundsDue} refunds due, ${summary.duplicates.referencesSeenByTwoJourneys} references seen twice`,
    `  lost                ${summary.lost} booked journeys not confirmed in db; ${summary.confirmedWithoutFinishedJourney} confirmed without a finished journey`,
    `  5xx                 ${summary.responses5xx} of ${summary.requests} requests (timeouts ${summary.timeouts}, network errors ${summary.networkErrors}; statuses: ${list(summary.statusCounts)})`,
    `  e-mails             ${summary.emails} .eml files (confirmations sent in the queue: ${summary.mailsSentInDatabase})`,
    `  events              ${list(summary.events)}`,
    `  journey time        p50 ${ms(summary.journeyMs.p50)}, p99 ${ms(summary.journeyMs.p99)}, max ${ms(summary.journeyMs.max)}`,
    `  wall time           ${summary.wallSeconds.toFixed(1)} s, ${summary.bookingsPerSecond.toFixed(1)} bookings/s`,
    ...(summary.serverCpuSeconds === null
      ? []
      : [
          `  server CPU          ${summary.serverCpuSeconds.toFixed(1)} s, ${ms((summary.serverCpuSeconds * 1000) / summary.journeys)} a journey`,
        ]),
    `  server error lines  ${summary.serverErrorLineCount}`,
    ...summary.failureSamples.map((sample) => `  failure: ${sample}`),
    ...summary.serverErrorLines.map((line) => `  server: ${line.slice(0, 300)}`),
    `  verdict             ${summary.clean ? 'clean' : 'NOT CLEAN'}`,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}

/** The profiled instance's CPU profile (written when it stopped): kept, and summarised. */
function keepProfile(folder) {
  const file = readdirSync(folder).find((name) => name.endsWith('.cpuprofile'))
  if (!file) throw new Error('the profiled instance wrote no .cpuprofile')
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  copyFileSync(join(folder, file), join(root, 'bench/results/load.cpuprofile'))
  return summariseProfile(JSON.parse(readFileSync(join(folder, file), 'utf8')), 25)
}

async function main() {
  const settings = options()
  if (settings.build) build()
  if (!existsSync(join(root, 'build/server/index.js'))) {
    throw new Error('no build: run npm run build (or drop --skip-build)')
  }
  const folder = mkdtempSync(join(tmpdir(), 'mc-bench-'))
  const outbox = join(folder, 'outbox')
  const store =
    settings.store === 'sqlite' ? sqliteStore(folder) : postgresStore(settings.postgresUrl)
  const env = {
    DATABASE_URL: await store.url(),
    OUTBOX_DIR: outbox,
    SESSION_SECRET: randomBytes(24).toString('base64url'),
    TRUST_PROXY: 'true',
    PAYMENT_PROVIDER: 'simulator',
    LOG_LEVEL: 'warn',
  }
  const servers = []
  let summary
  let profile
  try {
    // One after the other: the first migrates the schema, the others find it ready.
    for (let count = 0; count < settings.instances; count++) {
      const profiled = settings.profile && count === 0
      const nodeArgs = profiled ? ['--cpu-prof', `--cpu-prof-dir=${join(folder, 'profile')}`] : []
      servers.push(await startServer(env, { nodeArgs }))
    }
    say(
      `${settings.journeys} journeys against ${servers.map((server) => server.url).join(' and ')} (${store.name})...`,
    )
    const stats = new RequestStats()
    const cpuBefore = servers.map((server) => server.cpuMs())
    const run = await runJourneys(
      settings,
      servers.map((server) => server.url),
      stats,
    )
    await waitForMails(outbox, run.results.filter((result) => result.ok).length)
    run.serverCpuMs = servers.reduce(
      (sum, server, index) => sum + (server.cpuMs() ?? NaN) - (cpuBefore[index] ?? NaN),
      0,
    )
    await Promise.all(servers.map((server) => server.stop()))
    const counts = await store.count()
    summary = summarise(settings, store, run, stats, counts, emlCount(outbox), servers)
    summary.clean = clean(summary)
    if (settings.profile) profile = keepProfile(join(folder, 'profile'))
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
    if (settings.keep)
      say(`kept ${folder}${store.database ? ` and database ${store.database}` : ''}`)
    else {
      await store.drop()
      rmSync(folder, { recursive: true, force: true })
    }
  }
  if (settings.json) process.stdout.write(`${JSON.stringify(summary)}\n`)
  else print(summary)
  if (profile) say(`\n${formatSummary(profile)}`)
  return summary.clean ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
    process.exit(1)
  },
)
