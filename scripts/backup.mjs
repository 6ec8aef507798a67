// Copies the SQLite database into a backup file while the site keeps running:
//
//   npm run backup                     -> data/backups/marmara-<UTC timestamp>.sqlite
//   npm run backup -- /path/copy.sqlite
//
// VACUUM INTO reads the database inside one read transaction, so the copy is the
// database as it stood when the backup began (rows committed in the WAL file
// included), even while instances keep writing. Copying the file itself would miss
// whatever still sits in the WAL file, and SQLite's online backup API starts over
// each time another process writes, which a busy site can keep doing forever.
// The copy is written beside the target, checked (integrity_check) and only then
// renamed into place, so a file with the target's name is always a whole backup.
// PostgreSQL is backed up with pg_dump: this script says so and exits 2.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { dirname, resolve } from 'node:path'
import process from 'node:process'
import Database from 'better-sqlite3'

if (existsSync('.env')) process.loadEnvFile('.env')

function log(level, event, fields) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })
  if (level === 'error') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}

function fail(message, code = 1) {
  log('error', 'backup.failed', { message })
  process.exit(code)
}

/** The SQLite file DATABASE_URL names, read the way the server reads it. */
function databaseFile(url) {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    log('error', 'backup.postgres', {
      message:
        'DATABASE_URL is a PostgreSQL database: back it up with pg_dump, ' +
        'e.g. pg_dump --format=custom --file marmara.dump "$DATABASE_URL" (restore with pg_restore)',
    })
    process.exit(2)
  }
  const file = url.replace(/^(sqlite|file):(\/\/)?/i, '')
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file))
    fail(`DATABASE_URL has an unknown scheme: ${url.split(':')[0]}`)
  if (file === ':memory:')
    fail('DATABASE_URL is an in-memory database: there is nothing to back up')
  return resolve(file)
}

function defaultTarget(now) {
  // 2026-05-01T09-30-00Z: sortable, and no ':' (not allowed in Windows file names).
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')
  return `data/backups/marmara-${stamp}.sqlite`
}

const started = new Date()
const source = databaseFile(process.env.DATABASE_URL?.trim() || 'data/marmara.sqlite')
const target = resolve(process.argv[2] ?? defaultTarget(started))
if (!existsSync(source)) fail(`no database at ${source}`)
if (existsSync(target)) fail(`${target} exists already; a backup never overwrites a file`)

mkdirSync(dirname(target), { recursive: true })
const partial = `${target}.partial-${process.pid}`
rmSync(partial, { force: true })

let bookings
try {
  // Opened as the site opens it (a read-only connection cannot always use the WAL
  // index); VACUUM INTO only reads it.
  const database = new Database(source, { fileMustExist: true })
  try {
    database.pragma('busy_timeout = 10000')
    database.prepare('VACUUM INTO ?').run(partial)
  } finally {
    database.close()
  }
  const copy = new Database(partial, { readonly: true, fileMustExist: true })
  try {
    const problems = copy.pragma('integrity_check', { simple: false })
    const verdict = problems.map((row) => row.integrity_check)
    if (verdict.length !== 1 || verdict[0] !== 'ok') {
      throw new Error(`the copy fails integrity_check: ${verdict.slice(0, 5).join('; ')}`)
    }
    const hasBookings = copy
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'bookings'")
      .get()
    bookings = hasBookings ? copy.prepare('select count(*) as n from bookings').get().n : 0
  } finally {
    copy.close()
  }
  // VACUUM INTO does not sync the file it writes: make the copy durable before it
  // takes the target's name.
  const descriptor = openSync(partial, 'r+')
  fsyncSync(descriptor)
  closeSync(descriptor)
  renameSync(partial, target)
  const folder = openSync(dirname(target), 'r')
  fsyncSync(folder)
  closeSync(folder)
} catch (error) {
  rmSync(partial, { force: true })
  fail(error instanceof Error ? error.message : String(error))
}

log('info', 'backup.written', {
  source,
  file: target,
  bytes: statSync(target).size,
  bookings,
  ms: Date.now() - started.getTime(),
})
