// The performance figures of the site, each against its baseline in the same run:
//
//   npm run build && npm run bench                  (everything, about five minutes)
//   npm run bench -- --only throughput,pricing      (a subset)
//   npm run bench -- --only profile                 (CPU profile of the home page under load)
//   npm run bench -- --only profile --profile-path /terms
//
// Builds nothing: it runs the existing build/ (`node server.js`, production, its
// own port and SQLite file under data/) next to a static server of the same bytes,
// prints a table and writes it to bench/results/latest.json. The budgets are the
// project's targets; a failed budget does not fail the command (it measures, the
// table says pass or fail), only a bench that could not run does.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { Buffer } from 'node:buffer'
import { request } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { chromiumLaunchOptions } from '../tests/chromium-launch.mjs'
import { formatSummary, summarise } from './cpu-profile.mjs'
import { measurePricing } from './pricing.mjs'
import { Browser, bookOnce, RequestStats } from './journey.mjs'
import { root, startServer } from './servers.mjs'

const sections = ['throughput', 'js', 'lighthouse', 'pricing', 'profile']
const defaultSections = ['throughput', 'js', 'lighthouse', 'pricing']

const usage = `usage: npm run bench -- [options]
  --only LIST         comma-separated subset of ${sections.join(', ')}
                      (default: ${defaultSections.join(',')}; profile runs only when asked)
  --duration SECONDS  autocannon run per page and server (default 8)
  --connections N     autocannon connections (default 50)
  --port N            the app's port (default 4900); the static baseline uses N+1,
                      the profiled server N+2
  --profile-path PATH the page the profile loads (default /)
  --out FILE          where the JSON goes (default bench/results/latest.json)`

function options() {
  let parsed
  try {
    parsed = parseArgs({
      options: {
        only: { type: 'string', default: defaultSections.join(',') },
        duration: { type: 'string', default: '8' },
        connections: { type: 'string', default: '50' },
        port: { type: 'string', default: '4900' },
        out: { type: 'string', default: join(root, 'bench/results/latest.json') },
        'profile-path': { type: 'string', default: '/' },
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
  const only = parsed.only.split(',').map((name) => name.trim())
  const unknown = only.filter((name) => !sections.includes(name))
  if (unknown.length > 0) {
    process.stderr.write(`unknown section ${unknown.join(', ')}\n${usage}\n`)
    process.exit(2)
  }
  const whole = (name, min) => {
    const number = Number(parsed[name])
    if (!Number.isInteger(number) || number < min) {
      process.stderr.write(`--${name} must be a whole number of at least ${min}\n${usage}\n`)
      process.exit(2)
    }
    return number
  }
  return {
    only: new Set(only),
    duration: whole('duration', 1),
    connections: whole('connections', 1),
    port: whole('port', 1024),
    out: parsed.out,
    profilePath: parsed['profile-path'],
  }
}

const say = (line) => process.stdout.write(`${line}\n`)

// What a phone's browser sends: the app picks its compression and rendering from these.
const browserHeaders = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en',
  'user-agent':
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
}

/** Istanbul's date tomorrow, YYYY-MM-DD. */
function tomorrow() {
  return new Date(Date.now() + (24 + 3) * 3_600_000).toISOString().slice(0, 10)
}

/** The measured pages: the content pages and the priced vehicle step. */
async function pages(appUrl) {
  const grid = await fetch(`${appUrl}/blog-grid`, { headers: browserHeaders })
  const post = /href="(\/blog\/\d+(?:\/[^"?#]*)?)"/.exec(await grid.text())?.[1]
  if (!post) throw new Error('no blog post link on /blog-grid')
  const vehicle = `/booking-vehicle?${new URLSearchParams({
    date: tomorrow(),
    time: '10:00',
    pickup: 'SAW',
    destination: 'Şile',
  })}`
  return [
    { name: 'home', path: '/', kind: 'content' },
    { name: 'blog grid', path: '/blog-grid', kind: 'content' },
    { name: 'blog post', path: post, kind: 'content' },
    { name: 'fleet list', path: '/fleet-list', kind: 'content' },
    { name: 'services', path: '/services', kind: 'content' },
    { name: 'terms', path: '/terms', kind: 'content' },
    { name: 'vehicle step', path: vehicle, kind: 'booking' },
  ]
}

// --- the static baseline -------------------------------------------------------

const notCopied = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
])

/** One uncompressed response of the app, headers and bytes. */
function capture(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...browserHeaders, 'accept-encoding': 'identity' } })
    req.on('response', (res) => {
      const chunks = []
      res.on('data', (chunk) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** Fetches each page once from the app and serves those bytes from a second process. */
async function startStaticBaseline(appUrl, list, port) {
  const folder = mkdtempSync(join(tmpdir(), 'mc-bench-static-'))
  const manifest = {}
  for (const [index, page] of list.entries()) {
    const { status, headers, body } = await capture(`${appUrl}${page.path}`)
    if (status !== 200) throw new Error(`${page.path} answered ${status}, not 200`)
    const file = `page-${index}.html`
    writeFileSync(join(folder, file), body)
    manifest[page.path] = {
      file,
      status,
      headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !notCopied.has(name))),
    }
  }
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest))
  const child = spawn(
    process.execPath,
    [join(root, 'bench/static-server.mjs'), folder, String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('listening')) resolve()
    })
    child.on('exit', (code) => reject(new Error(`the static server ended (${code})`)))
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
      rmSync(folder, { recursive: true, force: true })
    },
  }
}

// --- throughput ----------------------------------------------------------------

/**
 * One autocannon run against a URL. With `server` (one this bench started), the
 * server's CPU per answered request is measured too: steadier than the rate when
 * other work shares the machine.
 */
async function load(url, settings, server) {
  const cpuBefore = server?.cpuMs()
  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.duration,
    headers: browserHeaders,
  })
  const cpuAfter = server?.cpuMs()
  return {
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? undefined
        : (cpuAfter - cpuBefore) / result.requests.total,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }
}

/**
 * A few requests one after the other before a measured run: they load the route's
 * modules and warm the JIT, and as they queue behind whatever the server is still
 * rendering for connections an earlier run abandoned, the run starts on an idle server.
 */
async function settle(url) {
  for (let count = 0; count < 3; count++) {
    const response = await fetch(url, {
      headers: browserHeaders,
      signal: AbortSignal.timeout(120_000),
    })
    await response.arrayBuffer()
  }
}

async function throughput(app, list, settings) {
  const baseline = running(await startStaticBaseline(app.url, list, settings.port + 1))
  const results = []
  try {
    for (const page of list) {
      const measured = {}
      for (const [side, url] of [
        ['app', app.url],
        ['static', baseline.url],
      ]) {
        say(`  ${page.name}: ${side} (${settings.duration} s, ${settings.connections} connections)`)
        await settle(`${url}${page.path}`)
        measured[side] = await load(
          `${url}${page.path}`,
          settings,
          side === 'app' ? app : undefined,
        )
      }
      results.push({ ...page, ...measured })
    }
  } finally {
    await baseline.stop()
  }
  return results
}

/**
 * The app's floor: React Router answering its smallest resource (robots.txt, a
 * 128-byte text from a loader, nothing rendered) through the same server,
 * middleware and compression as every page. No page rendered for each request
 * can answer faster, so this rate against a page's static baseline is the most
 * that page's ratio could ever reach, and the gap between the floor and the page
 * is what rendering it costs.
 */
async function frameworkFloor(app, settings) {
  const url = `${app.url}/robots.txt`
  say(`  floor (/robots.txt through React Router): app (${settings.duration} s)`)
  await settle(url)
  return { path: '/robots.txt', app: await load(url, settings, app) }
}

// --- JavaScript weight ---------------------------------------------------------

/** The compressed bytes of every script one page load downloads, in a given browser context. */
async function scriptsOf(context, url) {
  const tab = await context.newPage()
  const scripts = []
  tab.on('requestfinished', (req) => {
    scripts.push(
      (async () => {
        const response = await req.response()
        const type = response?.headers()['content-type'] ?? ''
        if (!/javascript/.test(type) && req.resourceType() !== 'script') return undefined
        const sizes = await req.sizes()
        return { url: req.url(), bytes: sizes.responseBodySize }
      })().catch((error) => {
        // A request of a page the bench has already left (the sign-in's redirect to the
        // board, whose context is closed once signed in) is not this page's.
        if (tab.isClosed()) return undefined
        throw error
      }),
    )
  })
  const response = await tab.goto(url, { waitUntil: 'networkidle' })
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`)
  const files = (await Promise.all(scripts)).filter(Boolean)
  if (files.some((file) => file.bytes < 0)) throw new Error(`${url}: a script came from a cache`)
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0)
  return { tab, kib: bytes / 1024, files: files.length }
}

/** The bench's traveller's cookies (bench/journey.mjs), for a browser context. */
function cookiesOf(jar, appUrl) {
  return jar
    .header()
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const separator = pair.indexOf('=')
      const cookie = { name: pair.slice(0, separator), value: pair.slice(separator + 1) }
      return {
        ...cookie,
        domain: new URL(appUrl).hostname,
        path: '/',
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: 'Lax',
      }
    })
}

/** Adds a staff account to the bench's database with the site's own command. */
function addStaffAccount(env, email, password) {
  const run = spawnSync(
    process.execPath,
    ['scripts/staff.mjs', 'add', '--email', email, '--name', 'Bench', '--role', 'admin'],
    {
      cwd: root,
      input: `${password}\n`,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    },
  )
  if (run.status !== 0) throw new Error(`staff account not added: ${run.stderr}`)
}

/**
 * Every kind of page the site has, each loaded once in Chromium: the measured
 * content pages, contact, each booking step as a traveller reaches it (the bench's
 * journey, its cookies handed to the browser), the received page, and the staff
 * pages (sign-in, the board, a booking's page) after signing in.
 */
async function javascriptWeight(app, list, env) {
  const { chromium } = await import('@playwright/test')
  const browser = await chromium.launch(chromiumLaunchOptions)
  const results = []
  // A new context per page: its cache is empty, so every script is counted as downloaded.
  const fresh = (storageState) =>
    browser.newContext({ userAgent: browserHeaders['user-agent'], storageState })
  const measure = async (name, path, storageState) => {
    const context = await fresh(storageState)
    const { kib, files } = await scriptsOf(context, `${app.url}${path}`)
    results.push({ name, path, kib, files })
    await context.close()
  }
  try {
    for (const page of list) await measure(page.name, page.path)
    await measure('contact', '/contact')
    await measure('team member', '/team-single/2')
    await measure('pricing', '/pricing')
    await measure('coming soon', '/coming-soon')
    await measure('sign-in (traveller)', '/login')
    await measure('register', '/register')
    await measure('find a booking', '/manage-booking')

    const traveller = new Browser({
      sites: [app.url],
      address: '127.0.0.1',
      timeoutMs: 60_000,
      stats: new RequestStats(),
    })
    const steps = {
      '/booking-extra': 'extras step',
      '/booking-passenger': 'passenger step',
      '/booking-payment': 'payment step',
      '/booking-received': 'received page',
    }
    const reference = await bookOnce(traveller, 0, (path) =>
      measure(steps[path], path, { cookies: cookiesOf(traveller.jar, app.url), origins: [] }),
    )
    // The paid booking's own forms, as its traveller opens them.
    const owner = { cookies: cookiesOf(traveller.jar, app.url), origins: [] }
    await measure('change details', '/booking-change', owner)
    await measure('cancel booking', '/booking-cancel', owner)

    const email = 'bench-admin@example.com'
    const password = randomBytes(12).toString('base64url')
    addStaffAccount(env, email, password)
    const staff = await fresh()
    const { tab } = await scriptsOf(staff, `${app.url}/ops/sign-in`)
    await tab.getByLabel('E-mail').fill(email)
    await tab.getByLabel('Password').fill(password)
    await tab.getByRole('button', { name: 'Sign in' }).click()
    await tab.waitForURL((url) => url.pathname === '/ops')
    const signedIn = await staff.storageState()
    await staff.close()
    await measure('staff sign-in', '/ops/sign-in')
    await measure('staff board', '/ops', signedIn)
    await measure('staff booking', `/ops/bookings/${reference}`, signedIn)
    await measure('staff assign', `/ops/bookings/${reference}/assign`, signedIn)
    await measure('staff cancel', `/ops/bookings/${reference}/cancel`, signedIn)
    await measure('staff run sheet', '/ops/run-sheet', signedIn)
    await measure('staff obligations', '/ops/compliance', signedIn)
    await measure('staff manifest', `/ops/bookings/${reference}/manifest`, signedIn)
    await measure('staff accounts', '/ops/staff', signedIn)
    await measure('staff drivers', '/ops/drivers', signedIn)
    await measure('staff vehicles', '/ops/vehicles', signedIn)
    await measure('staff security', '/ops/security', signedIn)
  } finally {
    await browser.close()
  }
  return results
}

// --- Lighthouse ----------------------------------------------------------------

const categories = ['performance', 'accessibility', 'best-practices', 'seo']

async function lighthouseScores(app, list) {
  const chosen = list.filter((page) => ['home', 'vehicle step', 'blog post'].includes(page.name))
  let chrome
  try {
    const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
      import('lighthouse'),
      import('chrome-launcher'),
    ])
    const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
    // chrome-launcher reports a missing binary as an unhandled 'error' event that
    // would end the whole bench; this row says so instead.
    if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath}`)
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
    })
    const results = []
    for (const page of chosen) {
      try {
        const run = await lighthouse(`${app.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
        })
        const { lhr } = run
        const scores = Object.fromEntries(
          categories.map((name) => [name, Math.round((lhr.categories[name]?.score ?? 0) * 100)]),
        )
        results.push({
          ...page,
          scores,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
          // What the performance score is made of, to see which one cost a point.
          metrics: {
            fcpMs: lhr.audits['first-contentful-paint']?.numericValue,
            speedIndexMs: lhr.audits['speed-index']?.numericValue,
            totalBlockingMs: lhr.audits['total-blocking-time']?.numericValue,
            layoutShift: lhr.audits['cumulative-layout-shift']?.numericValue,
          },
          noindex: lhr.audits['is-crawlable']?.score === 0,
          runtimeError: lhr.runtimeError?.message,
        })
      } catch (error) {
        results.push({ ...page, error: String(error?.message ?? error) })
      }
    }
    return results
  } catch (error) {
    return chosen.map((page) => ({ ...page, error: String(error?.message ?? error) }))
  } finally {
    await chrome?.kill()
  }
}

// --- CPU profile ---------------------------------------------------------------

async function profilePage(env, settings) {
  const path = settings.profilePath
  const folder = mkdtempSync(join(tmpdir(), 'mc-bench-prof-'))
  const server = running(
    await startServer(
      { ...env, SHUTDOWN_DELAY_SECONDS: '0' },
      { port: settings.port + 2, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${folder}`] },
    ),
  )
  let measured
  try {
    say(`  ${path} under load with --cpu-prof (${settings.duration} s)`)
    await settle(`${server.url}${path}`)
    measured = await load(`${server.url}${path}`, settings)
  } finally {
    await server.stop()
  }
  const file = readdirSync(folder).find((name) => name.endsWith('.cpuprofile'))
  if (!file) throw new Error('the profiled server wrote no .cpuprofile')
  const summary = summarise(JSON.parse(readFileSync(join(folder, file), 'utf8')), 20)
  const kept = join(root, 'bench/results/page.cpuprofile')
  copyFileSync(join(folder, file), kept)
  rmSync(folder, { recursive: true, force: true })
  return { ...summary, path, load: measured, file: 'bench/results/page.cpuprofile' }
}

// --- the table -----------------------------------------------------------------

const round = (value, digits = 0) =>
  value === undefined || value === null ? '' : Number(value).toFixed(digits)
const percent = (ratio) => `${(ratio * 100).toFixed(1)} %`
/**
 * The compressed JavaScript a cold cache downloads for any one page or step. Every
 * page works without it; what it adds (form checks, the map, the board's refresh)
 * must stay small on a phone on a slow line.
 */
const javascriptBudgetKib = 30

/** The server's CPU per request of a load run, when it was measured. */
const cpu = (measured) =>
  measured.cpuMsPerRequest === undefined ? '' : `, ${round(measured.cpuMsPerRequest, 2)} ms CPU`

function rows(results, settings) {
  const table = []
  for (const page of results.throughput ?? []) {
    const ratio = page.app.requestsPerSecond / page.static.requestsPerSecond
    const share = page.kind === 'booking' ? 0.2 : 0.5
    const failures = page.app.non2xx + page.app.errors + page.app.timeouts
    table.push({
      figure: `throughput ${page.name}`,
      value: `${round(page.app.requestsPerSecond)} req/s, p99 ${round(page.app.p99Ms)} ms${cpu(page.app)}`,
      baseline: `${round(page.static.requestsPerSecond)} req/s, p99 ${round(page.static.p99Ms)} ms`,
      ratio: percent(ratio),
      budget: `≥ ${share * 100} %${page.kind === 'booking' ? '' : ', p99 < 100 ms'}`,
      pass: failures === 0 && ratio >= share && (page.kind === 'booking' || page.app.p99Ms < 100),
      ...(failures > 0 ? { note: `${failures} failed or non-2xx responses` } : {}),
      ...(page.app.requests === 0
        ? { note: `no response completed within ${settings.duration} s: try --connections lower` }
        : {}),
    })
  }
  const vehicleStep = results.throughput?.find((page) => page.kind === 'booking')
  if (results.floor && vehicleStep) {
    const floor = results.floor.app
    table.push({
      figure: `floor ${results.floor.path} (React Router, nothing rendered)`,
      value: `${round(floor.requestsPerSecond)} req/s, p99 ${round(floor.p99Ms)} ms${cpu(floor)}`,
      baseline: `vehicle step static ${round(vehicleStep.static.requestsPerSecond)} req/s`,
      ratio: percent(floor.requestsPerSecond / vehicleStep.static.requestsPerSecond),
      budget: '',
      pass: null,
      note: `no page rendered per request can pass this ratio against the vehicle step's bytes; 20 % of their static rate leaves ${round(1000 / (vehicleStep.static.requestsPerSecond * 0.2), 2)} ms a request`,
    })
  }
  for (const page of results.js ?? []) {
    table.push({
      figure: `JavaScript ${page.name}`,
      value: `${round(page.kib, 1)} KiB (${page.files} files)`,
      baseline: '0 KiB (works without)',
      ratio: '',
      budget: `≤ ${javascriptBudgetKib} KiB`,
      pass: page.kib <= javascriptBudgetKib,
    })
  }
  for (const page of results.lighthouse ?? []) {
    if (page.error || page.runtimeError) {
      table.push({
        figure: `Lighthouse ${page.name}`,
        value: `could not run: ${page.error ?? page.runtimeError}`,
        baseline: '',
        ratio: '',
        budget: '100 each',
        pass: null,
      })
      continue
    }
    const { scores } = page
    const judged = categories.filter((name) => !(name === 'seo' && page.noindex))
    table.push({
      figure: `Lighthouse ${page.name}`,
      value: `perf ${scores.performance}, a11y ${scores.accessibility}, bp ${scores['best-practices']}, seo ${scores.seo}${page.noindex ? ' (noindex)' : ''}; LCP ${round(page.lcpMs / 1000, 1)} s, FCP ${round(page.metrics.fcpMs / 1000, 1)} s, SI ${round(page.metrics.speedIndexMs / 1000, 1)} s, TBT ${round(page.metrics.totalBlockingMs)} ms, CLS ${round(page.metrics.layoutShift, 3)}`,
      baseline: '',
      ratio: '',
      budget: page.noindex ? '100 each (SEO excepted: noindex)' : '100 each',
      pass: judged.every((name) => scores[name] === 100),
    })
  }
  if (results.pricing) {
    const { quotesPerSecond, baselinePerSecond } = results.pricing
    table.push({
      figure: 'pricing (quotes/s, one core)',
      value: `${round(quotesPerSecond)} quotes/s`,
      baseline: `${round(baselinePerSecond)} calls/s (trivial function)`,
      ratio: percent(quotesPerSecond / baselinePerSecond),
      budget: '≥ 1,000,000 quotes/s',
      pass: quotesPerSecond >= 1_000_000,
    })
  }
  if (results.profile) {
    const top = results.profile.functions[0]
    table.push({
      figure: `profile ${results.profile.path} (--cpu-prof)`,
      value: `${round(results.profile.load.requestsPerSecond)} req/s while profiled`,
      baseline: '',
      ratio: '',
      budget: '',
      pass: null,
      note: top ? `top self time: ${top.name} ${percent(top.share)}` : undefined,
    })
  }
  return table
}

function printTable(table) {
  const columns = ['figure', 'value', 'baseline', 'ratio', 'budget', 'pass']
  const cell = (row, column) =>
    column === 'pass'
      ? row.pass === null
        ? '–'
        : row.pass
          ? 'pass'
          : 'FAIL'
      : String(row[column] ?? '')
  const widths = columns.map((column) =>
    Math.max(column.length, ...table.map((row) => cell(row, column).length)),
  )
  const line = (cells) => cells.map((text, index) => text.padEnd(widths[index])).join('  ')
  say('')
  say(line(columns))
  say(line(widths.map((width) => '-'.repeat(width))))
  for (const row of table) {
    say(line(columns.map((column) => cell(row, column))))
    if (row.note) say(`  ↳ ${row.note}`)
  }
}

// --- main ----------------------------------------------------------------------

async function main() {
  const settings = options()
  const needsServer = ['throughput', 'js', 'lighthouse', 'profile'].some((name) =>
    settings.only.has(name),
  )
  if (needsServer && !existsSync(join(root, 'build/server/index.js'))) {
    say('no build/: this bench runs the production build; run `npm run build` first')
    process.exit(1)
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  mkdirSync(join(root, 'data'), { recursive: true })

  // Other work on the machine skews every figure: the load average goes with them.
  const loadBefore = loadavg()
  const results = {}
  const database = join(root, `data/bench-${settings.port}.sqlite`)
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true })
  const env = {
    DATABASE_URL: database,
    OUTBOX_DIR: join(root, `data/bench-outbox-${settings.port}`),
    SESSION_SECRET: randomBytes(24).toString('base64url'),
    LOG_LEVEL: 'warn',
  }

  if (needsServer && ['throughput', 'js', 'lighthouse'].some((name) => settings.only.has(name))) {
    say(`starting the production server on port ${settings.port}...`)
    const app = running(await startServer(env, { port: settings.port }))
    try {
      const list = await pages(app.url)
      if (settings.only.has('throughput')) {
        say('throughput (app against the static bytes)...')
        results.throughput = await throughput(app, list, settings)
        results.floor = await frameworkFloor(app, settings)
      }
      if (settings.only.has('js')) {
        say('JavaScript weight (Chromium page loads)...')
        results.js = await javascriptWeight(app, list, env)
      }
      if (settings.only.has('lighthouse')) {
        say('Lighthouse (mobile, simulated throttling)...')
        results.lighthouse = await lighthouseScores(app, list)
      }
      const errors = app.errors()
      if (errors.length > 0) results.serverErrors = errors.slice(0, 20)
    } finally {
      await app.stop()
    }
  }
  if (settings.only.has('profile')) {
    say('CPU profile...')
    results.profile = await profilePage(env, settings)
  }
  if (settings.only.has('pricing')) {
    say('pricing (quotes per second)...')
    results.pricing = await measurePricing()
  }

  const table = rows(results, settings)
  printTable(table)
  if (results.profile) say(`\n${formatSummary(results.profile)}`)
  if (results.serverErrors) say(`\nserver errors:\n${results.serverErrors.join('\n')}`)
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg(),
    },
    settings: { ...settings, only: [...settings.only] },
    table,
    results,
  }
  const load1 = (values) => values[0].toFixed(1)
  say(
    `\n${report.machine.cpus} cores; load average ${load1(loadBefore)} before, ${load1(report.machine.loadAverageAfter)} after (other work on the machine skews the figures)`,
  )
  writeFileSync(settings.out, `${JSON.stringify(report, null, 2)}\n`)
  say(`\nwritten to ${settings.out}`)
}

/** The servers this run started, stopped if the bench itself fails or is interrupted. */
const started = new Set()
function running(server) {
  const stop = server.stop
  started.add(stop)
  return {
    ...server,
    stop: async () => {
      started.delete(stop)
      await stop()
    },
  }
}

async function fail(error) {
  process.stderr.write(`bench failed: ${error?.stack ?? error}\n`)
  await Promise.allSettled([...started].map((stop) => stop()))
  process.exit(1)
}

process.on('uncaughtException', fail)
process.on('SIGINT', () => fail(new Error('interrupted')))
main().catch(fail)
