// One traveller's complete booking over HTTP, as a browser without JavaScript
// makes it: search, Select, extras, passenger, Book Now, the payment simulator's
// page with the succeeding test card, the callback, the booking received page.
// Plain fetch, no test framework: the load script runs many of these at once.

/** The simulator's test card that succeeds (app/adapters/payment/simulator.server.ts). */
export const SUCCEEDING_CARD = '5528790000000008'

/** A browser's cookies, sent to whichever instance answers the next request. */
export class CookieJar {
  #cookies = new Map()

  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const separator = pair.indexOf('=')
      if (separator > 0)
        this.#cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1))
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** Counts every answer by status class; shared by all journeys of a run. */
export class RequestStats {
  requests = 0
  byStatus = new Map()
  serverErrors = 0
  networkErrors = 0
  timeouts = 0

  record(status) {
    this.requests++
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1)
    if (status >= 500) this.serverErrors++
  }
}

export class JourneyError extends Error {
  constructor(step, message) {
    super(`${step}: ${message}`)
    this.step = step
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * A browser talking to one or more instances: each request goes to the next
 * instance in turn (a load balancer without affinity), with the same cookies
 * and the same client address in X-Forwarded-For (the servers trust one proxy hop).
 */
export class Browser {
  #turn

  constructor({ sites, address, timeoutMs, stats, signal, start = 0 }) {
    this.sites = sites
    this.address = address
    this.timeoutMs = timeoutMs
    this.stats = stats
    this.signal = signal
    this.jar = new CookieJar()
    this.#turn = start
  }

  /** A path, or an absolute URL the server sent back (only ever on loopback). */
  #url(target) {
    const site = this.sites[this.#turn++ % this.sites.length]
    if (target.startsWith('/')) return `${site}${target}`
    const url = new URL(target)
    if (!LOOPBACK.has(url.hostname)) throw new Error(`refusing to leave loopback for ${url.host}`)
    return `${site}${url.pathname}${url.search}`
  }

  async request(step, target, { form } = {}) {
    const url = this.#url(target)
    const headers = { 'x-forwarded-for': this.address, cookie: this.jar.header() }
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded'
    const signals = [AbortSignal.timeout(this.timeoutMs)]
    if (this.signal) signals.push(this.signal)
    let response
    try {
      response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers,
        body: form ? new URLSearchParams(form) : undefined,
        signal: AbortSignal.any(signals),
      })
    } catch (error) {
      const timedOut = error?.name === 'TimeoutError' || error?.name === 'AbortError'
      if (timedOut) this.stats.timeouts++
      else this.stats.networkErrors++
      throw new JourneyError(step, timedOut ? 'timed out' : String(error?.cause ?? error))
    }
    this.stats.record(response.status)
    this.jar.take(response)
    // Read the whole body inside the same time limit (a stalled body would hang).
    const body = await response.text().catch((error) => {
      this.stats.timeouts++
      throw new JourneyError(step, `body: ${String(error)}`)
    })
    return { status: response.status, location: response.headers.get('location'), body }
  }

  /** A 303 to the expected place, or the journey stops with what came instead. */
  async redirectsTo(step, target, form, expected) {
    const answer = await this.request(step, target, { form })
    const location = answer.location ?? ''
    if (answer.status !== 303 || !expected.test(location)) {
      throw new JourneyError(step, `answered ${answer.status} ${location}`.trim())
    }
    return location
  }
}

function field(html, name, step) {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!match) throw new JourneyError(step, `no field ${name} on the page`)
  return match[1].replaceAll('&amp;', '&')
}

/**
 * The trip of journey `index`: spread over dates and hours, always between two
 * and seventeen days ahead (the vehicle step takes dates up to 20 days ahead).
 */
export function tripFor(index) {
  const day = new Date(Date.now() + (2 + (index % 16)) * 86_400_000)
  const hour = String(7 + (index % 14)).padStart(2, '0')
  const routes = [
    ['SAW', 'Şile'],
    ['IST', 'Taksim'],
    ['SAW', 'Kadıköy'],
  ]
  const [pickup, destination] = routes[index % routes.length]
  return { date: day.toISOString().slice(0, 10), time: `${hour}:00`, pickup, destination }
}

/**
 * Runs one journey to the booking received page and returns the booking's
 * public reference shown there. Throws a JourneyError naming the step that failed.
 * `reached` (optional) is awaited with each step's page as the journey gets there,
 * for a caller that looks at those pages in a real browser with the same cookies.
 */
export async function bookOnce(browser, index, reached = async () => {}) {
  const trip = tripFor(index)
  const search = await browser.request('search', `/booking-vehicle?${new URLSearchParams(trip)}`)
  if (search.status !== 200) throw new JourneyError('search', `answered ${search.status}`)
  const vehicleClass = /<button type="submit" value="([^"]+)"[^>]*name="vehicleClass"/.exec(
    search.body,
  )?.[1]
  if (!vehicleClass) throw new JourneyError('search', 'no vehicle to select')
  await browser.redirectsTo(
    'select',
    '/booking-vehicle',
    {
      ...trip,
      currency: field(search.body, 'currency', 'search'),
      page: field(search.body, 'page', 'search'),
      shownPrice: field(search.body, 'shownPrice', 'search'),
      vehicleClass,
    },
    /^\/booking-extra$/,
  )
  await reached('/booking-extra')
  await browser.redirectsTo(
    'extras',
    '/booking-extra',
    { intent: 'continue' },
    /^\/booking-passenger$/,
  )
  await reached('/booking-passenger')
  await browser.redirectsTo(
    'passenger',
    '/booking-passenger',
    {
      name: 'Ayşe',
      lastName: 'Yılmaz',
      email: `traveller-${index}@example.com`,
      phone: '+90 532 123 45 67',
      passengers: '2',
      luggage: '2',
      // Every route here starts at an airport: the arriving flight is asked.
      flightNumber: 'TK1984',
    },
    /^\/booking-payment$/,
  )
  await reached('/booking-payment')
  const paymentPage = await browser.redirectsTo(
    'book-now',
    '/booking-payment',
    {
      fullname: 'Ayşe',
      lastname: 'Yılmaz',
      address: 'Bağdat Caddesi 1',
      country: 'Türkiye',
      city: 'İstanbul',
      zipcode: '34710',
      paymentOption: index % 3 === 2 ? 'depositCash' : 'fullCard',
      acceptTerms: 'on',
    },
    /\/payment-simulator\/[^/?]+$/,
  )
  const simulator = await browser.request('payment-page', paymentPage)
  if (simulator.status !== 200)
    throw new JourneyError('payment-page', `answered ${simulator.status}`)
  const paid = await browser.request('pay', paymentPage, {
    form: { cardHolder: 'AYSE YILMAZ', cardNumber: SUCCEEDING_CARD, expiry: '12/30', cvc: '123' },
  })
  if (paid.status !== 200) throw new JourneyError('pay', `answered ${paid.status}`)
  // The simulator's page now holds the form back to the shop: its action and the token.
  const back = [...paid.body.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)]
    .filter(([, , content]) => content.includes('name="token"'))
    .map(([, attributes]) => /\baction="([^"]+)"/.exec(attributes)?.[1])[0]
  if (!back) throw new JourneyError('pay', 'no form back to the shop on the page')
  await browser.redirectsTo(
    'callback',
    back.replaceAll('&amp;', '&'),
    { token: field(paid.body, 'token', 'pay') },
    /^\/booking-received$/,
  )
  const received = await browser.request('received', '/booking-received')
  if (received.status !== 200) throw new JourneyError('received', `answered ${received.status}`)
  const reference = /MC-[A-Z0-9]{6}/.exec(received.body)?.[0]
  if (!reference) throw new JourneyError('received', 'no booking reference on the page')
  await reached('/booking-received')
  return reference
}
