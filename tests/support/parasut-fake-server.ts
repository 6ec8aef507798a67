import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tripPdf } from './uetds-fake-server'

/**
 * Test support: a local server that speaks Paraşüt's API v4, so the real
 * invoicing adapter is exercised without the network or an account. Like
 * Paraşüt (its published API description) it:
 *
 * - gives OAuth tokens by the password grant and renews them by the refresh
 *   token (a new one each time); a request without a valid token gets 401;
 * - keeps contacts (found by `filter[tax_number]`), sales invoices (its
 *   `net_total` is the grand total, VAT added to each line's `unit_price`),
 *   e-Fatura inboxes by VKN;
 * - makes e-Arşiv and e-Fatura documents by a trackable job (running, then
 *   done or error), links the invoice's `active_e_document`, answers its PDF
 *   with 204 until it is made, then a short-lived URL;
 * - refuses with 422 and JSON:API `errors` what it cannot take (an e-Arşiv
 *   for a buyer registered for e-Fatura, a sale on the internet without its
 *   details, a VAT rate or currency it does not know), and cancels an
 *   invoice until its e-Arşiv's `cancellable_until`;
 * - answers 429 beyond its rate limit, when one is set.
 *
 * For a test in another process: `GET /__fake/state`, `POST /__fake/inboxes`
 * ({ vkn: address }), `POST /__fake/script` ({ status, times } for the next
 * API answers), `POST /__fake/fail-next-job` ({ errors }).
 */

export interface FakeParasutInvoice {
  id: string
  contactId: string
  attributes: Record<string, unknown>
  details: { quantity: number; unit_price: number; vat_rate: number; description?: string }[]
  netTotal: number
  cancelled: boolean
  document: { id: string; kind: 'e_archive' | 'e_invoice' } | null
  /** What the e-document was asked with (the internet sale, the e-Fatura inbox). */
  documentAttributes: Record<string, unknown> | null
}

export interface FakeParasut {
  url: string
  companyId: string
  credentials: { clientId: string; clientSecret: string; username: string; password: string }
  contacts: Map<string, Record<string, unknown>>
  invoices: Map<string, FakeParasutInvoice>
  /** VKN → e-Fatura inbox address, for buyers registered for e-Fatura. */
  inboxes: Map<string, string>
  requests: { method: string; path: string; status: number }[]
  /** Tokens given so far (a refresh counts). */
  tokensGiven: () => number
  /** Makes every token given so far expired. */
  expireTokens(): void
  failNextJob(errors: string[]): void
  script(status: number, times?: number): void
  /** After this instant no invoice can be cancelled any more (its e-Arşiv's cancellable_until). */
  setCancellableUntil(at: Date | null): void
  close(): Promise<void>
}

const vatRates = [0, 1, 8, 10, 18, 20]
const currencies = ['TRL', 'USD', 'EUR', 'GBP']

export async function startFakeParasut(
  options: {
    port?: number
    companyId?: string
    rateLimit?: { requests: number; seconds: number }
  } = {},
): Promise<FakeParasut> {
  const companyId = options.companyId ?? '627'
  const credentials = {
    clientId: 'fake-parasut-client',
    clientSecret: 'fake-parasut-secret',
    username: 'muhasebe@example.com',
    password: 'fake-parasut-password',
  }
  const contacts = new Map<string, Record<string, unknown>>()
  const invoices = new Map<string, FakeParasutInvoice>()
  const inboxes = new Map<string, string>()
  const requests: FakeParasut['requests'] = []
  const tokens = new Map<string, number>()
  const refreshTokens = new Set<string>()
  const jobs = new Map<
    string,
    { invoiceId: string; kind: 'e_archive' | 'e_invoice'; asked: number; errors: string[] }
  >()
  const pdfAsks = new Map<string, number>()
  const scripted: number[] = []
  let jobErrors: string[] | null = null
  let cancellableUntil: Date | null = null
  let sequence = 1000
  let given = 0
  const recent: number[] = []
  const next = () => String(++sequence)

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(request.url ?? '/', 'http://fake.invalid')
    const method = request.method ?? 'GET'
    const send = (status: number, payload?: unknown, headers: Record<string, string> = {}) => {
      requests.push({ method, path: url.pathname + url.search, status })
      response.writeHead(status, { 'content-type': 'application/vnd.api+json', ...headers })
      response.end(payload === undefined ? undefined : JSON.stringify(payload))
    }
    const refuse = (status: number, title: string, detail: string, headers = {}) =>
      send(status, { errors: [{ title, detail }] }, headers)

    // The test's controls.
    if (url.pathname === '/__fake/state') {
      return send(200, { invoices: [...invoices.values()], contacts: [...contacts.entries()] })
    }
    if (url.pathname === '/__fake/inboxes' && method === 'POST') {
      for (const [vkn, address] of Object.entries(JSON.parse(raw) as Record<string, string>)) {
        inboxes.set(vkn, address)
      }
      return send(200, { inboxes: inboxes.size })
    }
    if (url.pathname === '/__fake/script' && method === 'POST') {
      const { status, times = 1 } = JSON.parse(raw) as { status: number; times?: number }
      script(status, times)
      return send(200, { scripted: scripted.length })
    }
    if (url.pathname === '/__fake/fail-next-job' && method === 'POST') {
      jobErrors = (JSON.parse(raw) as { errors: string[] }).errors
      return send(200, {})
    }
    // The PDF's short-lived address: no token, as a signed link would be.
    const file = /^\/__files\/(\d+)\.pdf$/.exec(url.pathname)
    if (file) {
      requests.push({ method, path: url.pathname, status: 200 })
      response.writeHead(200, { 'content-type': 'application/pdf' })
      return response.end(tripPdf(`e-Arşiv ${file[1]}`, 'MARMARA'))
    }

    if (url.pathname === '/oauth/token' && method === 'POST') {
      const form = request.headers['content-type']?.includes('json')
        ? (JSON.parse(raw) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw))
      if (
        form['client_id'] !== credentials.clientId ||
        form['client_secret'] !== credentials.clientSecret
      ) {
        return send(401, {
          error: 'invalid_client',
          error_description: 'Client authentication failed',
        })
      }
      const grant = form['grant_type']
      const valid =
        (grant === 'password' &&
          form['username'] === credentials.username &&
          form['password'] === credentials.password) ||
        (grant === 'refresh_token' && refreshTokens.delete(form['refresh_token'] ?? ''))
      if (!valid) {
        return send(400, {
          error: 'invalid_grant',
          error_description: 'The provided authorization grant is invalid',
        })
      }
      const access = `access-${next()}`
      const refresh = `refresh-${next()}`
      tokens.set(access, Date.now() + 7200 * 1000)
      refreshTokens.add(refresh)
      given++
      return send(200, {
        access_token: access,
        token_type: 'bearer',
        expires_in: 7200,
        refresh_token: refresh,
      })
    }

    const scriptedStatus = scripted.shift()
    if (scriptedStatus) return refuse(scriptedStatus, 'Scripted failure', 'Scripted failure')
    if (options.rateLimit) {
      const now = Date.now()
      while (recent.length && recent[0]! <= now - options.rateLimit.seconds * 1000) recent.shift()
      if (recent.length >= options.rateLimit.requests) {
        return refuse(429, 'Too Many Requests', 'Rate limit exceeded', { 'retry-after': '10' })
      }
      recent.push(now)
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    if (!bearer || (tokens.get(bearer) ?? 0) < Date.now()) {
      return refuse(401, 'Unauthorized', 'The access token is invalid or expired')
    }
    const prefix = `/v4/${companyId}/`
    if (!url.pathname.startsWith(prefix)) return refuse(404, 'Not Found', 'No such company')
    const path = url.pathname.slice(prefix.length)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON:API body as the client sent it
    const body = raw ? (JSON.parse(raw) as { data?: Record<string, any> }) : {}
    const data = body.data ?? {}

    if (path === 'contacts' && method === 'GET') {
      const wanted = url.searchParams.get('filter[tax_number]')
      const found = [...contacts.entries()].filter(
        ([, attributes]) => !wanted || attributes['tax_number'] === wanted,
      )
      return send(200, {
        data: found.slice(0, 25).map(([id, attributes]) => ({ id, type: 'contacts', attributes })),
        meta: { current_page: 1, total_pages: 1, total_count: found.length },
      })
    }
    if (path === 'contacts' && method === 'POST') {
      const attributes = (data['attributes'] ?? {}) as Record<string, unknown>
      if (!attributes['name']) return refuse(422, 'Geçersiz kayıt', 'İsim boş bırakılamaz')
      if (!['customer', 'supplier'].includes(String(attributes['account_type']))) {
        return refuse(422, 'Geçersiz kayıt', 'Hesap türü geçersiz')
      }
      const id = next()
      contacts.set(id, attributes)
      return send(201, { data: { id, type: 'contacts', attributes } })
    }
    if (path === 'sales_invoices' && method === 'POST') {
      const attributes = (data['attributes'] ?? {}) as Record<string, unknown>
      const contactId = String(data['relationships']?.contact?.data?.id ?? '')
      const details = (
        (data['relationships']?.details?.data ?? []) as {
          attributes: FakeParasutInvoice['details'][number]
        }[]
      ).map((detail) => detail.attributes)
      if (!contacts.has(contactId)) return refuse(422, 'Geçersiz kayıt', 'Müşteri bulunamadı')
      if (attributes['item_type'] !== 'invoice') {
        return refuse(422, 'Geçersiz kayıt', 'Fatura türü kabul edilen bir kelime değil')
      }
      if (!currencies.includes(String(attributes['currency']))) {
        return refuse(422, 'Geçersiz kayıt', 'Döviz cinsi geçersiz')
      }
      if (details.length === 0) return refuse(422, 'Geçersiz kayıt', 'Fatura kalemi yok')
      if (details.some((detail) => !vatRates.includes(Number(detail.vat_rate)))) {
        return refuse(422, 'Geçersiz kayıt', 'KDV oranı geçersiz')
      }
      // Each line's VAT on its unit price, rounded to the kuruş, as the invoice prints it.
      const netTotal =
        Math.round(
          details.reduce(
            (sum, detail) =>
              sum +
              Math.round(detail.quantity * detail.unit_price * 100) +
              Math.round(detail.quantity * detail.unit_price * detail.vat_rate),
            0,
          ),
        ) / 100
      const id = next()
      invoices.set(id, {
        id,
        contactId,
        attributes,
        details,
        netTotal,
        cancelled: false,
        document: null,
        documentAttributes: null,
      })
      return send(201, {
        data: {
          id,
          type: 'sales_invoices',
          attributes: { ...attributes, net_total: netTotal.toFixed(2) },
        },
      })
    }
    if (path === 'e_invoice_inboxes' && method === 'GET') {
      const vkn = url.searchParams.get('filter[vkn]') ?? ''
      const address = inboxes.get(vkn)
      return send(200, {
        data: address
          ? [
              {
                id: next(),
                type: 'e_invoice_inboxes',
                attributes: { vkn, e_invoice_address: address },
              },
            ]
          : [],
        meta: { current_page: 1, total_pages: 1, total_count: address ? 1 : 0 },
      })
    }
    if ((path === 'e_archives' || path === 'e_invoices') && method === 'POST') {
      const kind = path === 'e_archives' ? 'e_archive' : 'e_invoice'
      const relation = kind === 'e_archive' ? 'sales_invoice' : 'invoice'
      const invoice = invoices.get(String(data['relationships']?.[relation]?.data?.id ?? ''))
      if (!invoice) return refuse(422, 'Geçersiz kayıt', 'Fatura bulunamadı')
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON:API body as the client sent it
      const attributes = (data['attributes'] ?? {}) as Record<string, any>
      const buyerVkn = String(invoice.attributes['tax_number'] ?? '')
      if (kind === 'e_archive' && inboxes.has(buyerVkn)) {
        return refuse(422, 'Geçersiz kayıt', 'Alıcı e-Fatura kullanıcısı: e-Arşiv düzenlenemez')
      }
      if (kind === 'e_archive' && !attributes['internet_sale']?.url) {
        return refuse(422, 'Geçersiz kayıt', 'İnternet satışı bilgileri eksik')
      }
      if (kind === 'e_invoice' && attributes['to'] !== inboxes.get(buyerVkn)) {
        return refuse(422, 'Geçersiz kayıt', 'Alıcı etiketi geçersiz')
      }
      const jobId = `job-${next()}`
      jobs.set(jobId, { invoiceId: invoice.id, kind, asked: 0, errors: jobErrors ?? [] })
      jobErrors = null
      invoice.documentAttributes = attributes
      return send(201, {
        data: { id: jobId, type: 'trackable_jobs', attributes: { status: 'pending', errors: [] } },
      })
    }
    const jobMatch = /^trackable_jobs\/([^/]+)$/.exec(path)
    if (jobMatch && method === 'GET') {
      const job = jobs.get(jobMatch[1]!)
      if (!job) return refuse(404, 'Not Found', 'Kayıt bulunamadı')
      // Running at the first ask; then done (the document made) or failed.
      job.asked++
      let status = 'running'
      if (job.asked > 1) {
        status = job.errors.length ? 'error' : 'done'
        const invoice = invoices.get(job.invoiceId)!
        if (status === 'done' && !invoice.document)
          invoice.document = { id: next(), kind: job.kind }
      }
      return send(200, {
        data: {
          id: jobMatch[1],
          type: 'trackable_jobs',
          attributes: { status, errors: status === 'error' ? job.errors : [] },
        },
      })
    }
    const invoiceMatch = /^sales_invoices\/(\d+)$/.exec(path)
    if (invoiceMatch && method === 'GET') {
      const invoice = invoices.get(invoiceMatch[1]!)
      if (!invoice) return refuse(404, 'Not Found', 'Kayıt bulunamadı')
      const document = invoice.document
      return send(200, {
        data: {
          id: invoice.id,
          type: 'sales_invoices',
          attributes: { ...invoice.attributes, net_total: invoice.netTotal.toFixed(2) },
          relationships: {
            active_e_document: {
              data: document
                ? {
                    id: document.id,
                    type: document.kind === 'e_archive' ? 'e_archives' : 'e_invoices',
                  }
                : null,
            },
          },
        },
      })
    }
    const pdfMatch = /^(e_archives|e_invoices)\/(\d+)\/pdf$/.exec(path)
    if (pdfMatch && method === 'GET') {
      const id = pdfMatch[2]!
      const known = [...invoices.values()].some((invoice) => invoice.document?.id === id)
      if (!known) return refuse(404, 'Not Found', 'Kayıt bulunamadı')
      // Not made at the first ask: 204, as Paraşüt answers while the PDF is being made.
      const asks = (pdfAsks.get(id) ?? 0) + 1
      pdfAsks.set(id, asks)
      if (asks === 1) return send(204)
      const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      return send(200, {
        data: {
          id,
          type: 'e_document_pdfs',
          attributes: {
            url: `${host}/__files/${id}.pdf`,
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          },
        },
      })
    }
    const cancelMatch = /^sales_invoices\/(\d+)\/cancel$/.exec(path)
    if (cancelMatch && method === 'DELETE') {
      const invoice = invoices.get(cancelMatch[1]!)
      if (!invoice) return refuse(404, 'Not Found', 'Kayıt bulunamadı')
      if (invoice.document && cancellableUntil && Date.now() > cancellableUntil.getTime()) {
        return refuse(422, 'Geçersiz işlem', 'e-Arşiv faturanın iptal süresi geçmiştir')
      }
      invoice.cancelled = true
      return send(200, {
        data: { id: invoice.id, type: 'sales_invoices', attributes: { item_type: 'cancelled' } },
      })
    }
    return refuse(404, 'Not Found', `No route ${method} ${path}`)
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  function script(status: number, times = 1) {
    for (let index = 0; index < times; index++) scripted.push(status)
  }

  return {
    url,
    companyId,
    credentials,
    contacts,
    invoices,
    inboxes,
    requests,
    tokensGiven: () => given,
    expireTokens: () => {
      for (const key of tokens.keys()) tokens.set(key, 0)
    },
    failNextJob: (errors) => {
      jobErrors = errors
    },
    script,
    setCancellableUntil: (at) => {
      cancellableUntil = at
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
