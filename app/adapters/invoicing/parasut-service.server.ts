import type { InvoiceBuyer } from '~/domain/billing/e-invoice'
import type {
  EDocumentKind,
  InvoicingAnswer,
  InvoicingService,
  SalesInvoiceInput,
} from './invoicing-service'

/**
 * Paraşüt's API v4 (JSON:API over HTTPS, OAuth 2 password grant): the
 * contact, the sales invoice with its lines before VAT, then the e-Fatura or
 * e-Arşiv made of it by an asynchronous job, and the official PDF. The token
 * lasts two hours and is renewed by its refresh token (which changes each
 * time), or asked again; a 401 asks once more. Paraşüt allows ten requests in
 * ten seconds: a 429 is no answer, to be tried later.
 */

export interface ParasutSettings {
  /** https://api.parasut.com, or a local server that speaks its protocol. */
  apiUrl: string
  companyId: string
  clientId: string
  clientSecret: string
  username: string
  password: string
  /** A product every line relates to, for an account that asks one; empty: none. */
  productId?: string
  timeoutMs?: number
  now?: () => Date
}

type Json = Record<string, unknown>
type Resource = { id?: unknown; type?: unknown; attributes?: Json; relationships?: Json }

interface Token {
  access: string
  refresh: string
  expiresAt: number
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/** The JSON:API errors as one sentence: "title: detail; …". */
function errorsText(body: unknown): string {
  const errors = (body as { errors?: { title?: unknown; detail?: unknown }[] } | null)?.errors
  if (Array.isArray(errors) && errors.length) {
    return errors
      .map((error) => [text(error.title), text(error.detail)].filter(Boolean).join(': '))
      .join('; ')
  }
  const oauth = body as { error?: unknown; error_description?: unknown } | null
  return [text(oauth?.error), text(oauth?.error_description)].filter(Boolean).join(': ')
}

export function createParasutService(settings: ParasutSettings): InvoicingService {
  const base = settings.apiUrl.replace(/\/+$/, '')
  const clock = settings.now ?? (() => new Date())
  const timeout = () => AbortSignal.timeout(settings.timeoutMs ?? 15_000)
  let token: Token | undefined

  async function tokenRequest(form: Record<string, string>): Promise<Token | InvoicingAnswer> {
    let response: Response
    try {
      response = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          ...form,
        }),
        signal: timeout(),
      })
    } catch (error) {
      return unreachable(error)
    }
    const body = (await response.json().catch(() => null)) as Json | null
    if (response.status >= 500 || response.status === 429) {
      return { kind: 'unanswered', problem: `http-${response.status}` }
    }
    if (!response.ok || typeof body?.['access_token'] !== 'string') {
      return {
        kind: 'refused',
        status: response.status,
        message: errorsText(body) || 'sign-in refused',
      }
    }
    return {
      access: body['access_token'],
      refresh: text(body['refresh_token']),
      expiresAt: clock().getTime() + Number(body['expires_in'] ?? 7200) * 1000,
    }
  }

  /** A token good for a minute more at least: the one held, renewed, or a new one. */
  async function currentToken(): Promise<Token | InvoicingAnswer> {
    if (token && token.expiresAt - 60_000 > clock().getTime()) return token
    let fresh: Token | InvoicingAnswer | undefined
    if (token?.refresh) {
      fresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: token.refresh })
      if (!('access' in fresh) && fresh.kind === 'unanswered') return fresh
    }
    if (!fresh || !('access' in fresh)) {
      fresh = await tokenRequest({
        grant_type: 'password',
        username: settings.username,
        password: settings.password,
        redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
      })
    }
    if ('access' in fresh) token = fresh
    return fresh
  }

  type Called =
    | { kind: 'answered'; status: number; body: Json | null }
    | Exclude<InvoicingAnswer, { kind: 'ok' }>

  async function call(
    method: string,
    path: string,
    payload?: Json,
    retried = false,
  ): Promise<Called> {
    const held = await currentToken()
    if (!('access' in held)) return held as Exclude<InvoicingAnswer, { kind: 'ok' }>
    let response: Response
    try {
      response = await fetch(`${base}/v4/${settings.companyId}/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${held.access}`,
          accept: 'application/vnd.api+json',
          ...(payload ? { 'content-type': 'application/vnd.api+json' } : {}),
        },
        body: payload ? JSON.stringify(payload) : undefined,
        signal: timeout(),
      })
    } catch (error) {
      return unreachable(error)
    }
    // An expired or revoked token: ask for a new one, once.
    if (response.status === 401 && !retried) {
      await response.body?.cancel()
      token = undefined
      return call(method, path, payload, true)
    }
    if (response.status === 429) {
      await response.body?.cancel()
      const after = Number(response.headers.get('retry-after'))
      return {
        kind: 'unanswered',
        problem: 'rate-limited',
        ...(Number.isFinite(after) && after > 0 ? { retryAfterSeconds: Math.ceil(after) } : {}),
      }
    }
    if (response.status >= 500) {
      await response.body?.cancel()
      return { kind: 'unanswered', problem: `http-${response.status}` }
    }
    const body =
      response.status === 204 ? null : ((await response.json().catch(() => null)) as Json | null)
    if (!response.ok) {
      return {
        kind: 'refused',
        status: response.status,
        message: errorsText(body) || `HTTP ${response.status}`,
      }
    }
    return { kind: 'answered', status: response.status, body }
  }

  const dataOf = (body: Json | null) => (body?.['data'] ?? null) as Resource | Resource[] | null
  const idOf = (body: Json | null) => {
    const data = dataOf(body)
    return data && !Array.isArray(data) ? text(data.id) : ''
  }
  const badAnswer = { kind: 'unanswered', problem: 'bad-answer' } as const

  function contactAttributes(buyer: InvoiceBuyer): Json {
    return {
      name: buyer.name,
      account_type: 'customer',
      contact_type: buyer.kind === 'company' ? 'company' : 'person',
      tax_number: buyer.taxNumber,
      ...(buyer.taxOffice ? { tax_office: buyer.taxOffice } : {}),
      ...(buyer.address ? { address: buyer.address } : {}),
      ...(buyer.city ? { city: buyer.city } : {}),
      ...(buyer.country ? { country: buyer.country } : {}),
      ...(buyer.email ? { email: buyer.email } : {}),
      is_abroad: buyer.kind === 'foreign',
    }
  }

  return {
    async contactFor(buyer) {
      if (buyer.kind === 'company') {
        const found = await call(
          'GET',
          `contacts?filter[tax_number]=${encodeURIComponent(buyer.taxNumber)}`,
        )
        if (found.kind !== 'answered') return found
        const list = dataOf(found.body)
        const first = Array.isArray(list) ? list[0] : undefined
        if (first && text(first.id)) return { kind: 'ok', contactId: text(first.id) }
      }
      const made = await call('POST', 'contacts', {
        data: { type: 'contacts', attributes: contactAttributes(buyer) },
      })
      if (made.kind !== 'answered') return made
      const contactId = idOf(made.body)
      return contactId ? { kind: 'ok', contactId } : badAnswer
    },

    async createSalesInvoice(contactId, invoice: SalesInvoiceInput) {
      const buyer = invoice.buyer
      const made = await call('POST', 'sales_invoices', {
        data: {
          type: 'sales_invoices',
          attributes: {
            item_type: 'invoice',
            description: invoice.description,
            issue_date: invoice.issueDate,
            due_date: invoice.issueDate,
            currency: invoice.currency,
            order_no: invoice.reference,
            order_date: invoice.issueDate,
            tax_number: buyer.taxNumber,
            ...(buyer.taxOffice ? { tax_office: buyer.taxOffice } : {}),
            ...(buyer.address ? { billing_address: buyer.address } : {}),
            ...(buyer.city ? { city: buyer.city } : {}),
            ...(buyer.country ? { country: buyer.country } : {}),
            is_abroad: buyer.kind === 'foreign',
          },
          relationships: {
            contact: { data: { id: contactId, type: 'contacts' } },
            details: {
              data: invoice.lines.map((line) => ({
                type: 'sales_invoice_details',
                attributes: {
                  quantity: line.quantity,
                  unit_price: line.unitPrice,
                  vat_rate: line.vatRate,
                  description: line.description,
                },
                ...(settings.productId
                  ? {
                      relationships: {
                        product: { data: { id: settings.productId, type: 'products' } },
                      },
                    }
                  : {}),
              })),
            },
          },
        },
      })
      if (made.kind !== 'answered') return made
      const data = dataOf(made.body)
      const invoiceId = idOf(made.body)
      // Paraşüt's net_total is the grand total, its VAT included.
      const total = Number(text(!Array.isArray(data) ? data?.attributes?.['net_total'] : undefined))
      return invoiceId && Number.isFinite(total)
        ? { kind: 'ok', invoiceId, grossTotal: total }
        : badAnswer
    },

    async eInvoiceInbox(vkn) {
      const found = await call('GET', `e_invoice_inboxes?filter[vkn]=${encodeURIComponent(vkn)}`)
      if (found.kind !== 'answered') return found
      const list = dataOf(found.body)
      const first = Array.isArray(list) ? list[0] : undefined
      return { kind: 'ok', address: text(first?.attributes?.['e_invoice_address']) || null }
    },

    async createEArchive(invoiceId, sale) {
      const made = await call('POST', 'e_archives', {
        data: {
          type: 'e_archives',
          attributes: {
            internet_sale: {
              url: sale.url,
              payment_type: sale.paymentType,
              payment_platform: sale.platform,
              payment_date: sale.date,
            },
          },
          relationships: { sales_invoice: { data: { id: invoiceId, type: 'sales_invoices' } } },
        },
      })
      if (made.kind !== 'answered') return made
      const jobId = idOf(made.body)
      return jobId ? { kind: 'ok', jobId } : badAnswer
    },

    async createEInvoice(invoiceId, to) {
      const made = await call('POST', 'e_invoices', {
        data: {
          type: 'e_invoices',
          attributes: { scenario: 'basic', to },
          relationships: { invoice: { data: { id: invoiceId, type: 'sales_invoices' } } },
        },
      })
      if (made.kind !== 'answered') return made
      const jobId = idOf(made.body)
      return jobId ? { kind: 'ok', jobId } : badAnswer
    },

    async job(jobId) {
      const found = await call('GET', `trackable_jobs/${encodeURIComponent(jobId)}`)
      if (found.kind !== 'answered') return found
      const data = dataOf(found.body)
      const attributes = (!Array.isArray(data) ? data?.attributes : undefined) ?? {}
      const status = text(attributes['status'])
      if (!['pending', 'running', 'done', 'error'].includes(status)) return badAnswer
      const errors = Array.isArray(attributes['errors']) ? attributes['errors'].map(text) : []
      return { kind: 'ok', status: status as 'pending' | 'running' | 'done' | 'error', errors }
    },

    async activeEDocument(invoiceId) {
      const found = await call(
        'GET',
        `sales_invoices/${encodeURIComponent(invoiceId)}?include=active_e_document`,
      )
      if (found.kind !== 'answered') return found
      const data = dataOf(found.body)
      const related = (
        (!Array.isArray(data) ? data?.relationships?.['active_e_document'] : undefined) as
          { data?: Resource | null } | undefined
      )?.data
      if (!related || !text(related.id)) return { kind: 'ok', document: null }
      const kind: EDocumentKind = related.type === 'e_invoices' ? 'e_invoice' : 'e_archive'
      return { kind: 'ok', document: { id: text(related.id), kind } }
    },

    async documentPdf(kind, documentId) {
      const path = `${kind === 'e_invoice' ? 'e_invoices' : 'e_archives'}/${encodeURIComponent(documentId)}/pdf`
      const found = await call('GET', path)
      if (found.kind !== 'answered') return found
      // 204: not made yet.
      if (found.status === 204) return { kind: 'ok', pdf: null }
      const data = dataOf(found.body)
      const url = text(!Array.isArray(data) ? data?.attributes?.['url'] : undefined)
      if (!url) return badAnswer
      try {
        const file = await fetch(url, { signal: timeout() })
        if (!file.ok) return { kind: 'unanswered', problem: `pdf-http-${file.status}` }
        const pdf = Buffer.from(await file.arrayBuffer())
        return pdf.subarray(0, 4).toString('latin1') === '%PDF' ? { kind: 'ok', pdf } : badAnswer
      } catch (error) {
        return unreachable(error)
      }
    },

    async cancelInvoice(invoiceId) {
      const done = await call('DELETE', `sales_invoices/${encodeURIComponent(invoiceId)}/cancel`)
      return done.kind === 'answered' ? { kind: 'ok' } : done
    },
  }
}

function unreachable(error: unknown): Exclude<InvoicingAnswer, { kind: 'ok' }> {
  const timedOut = error instanceof Error && error.name === 'TimeoutError'
  return { kind: 'unanswered', problem: timedOut ? 'timeout' : 'network' }
}
