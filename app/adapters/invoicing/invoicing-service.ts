import type { InvoiceBuyer } from '~/domain/billing/e-invoice'

/**
 * An accounting service that issues the tax office's electronic invoices
 * (Paraşüt: parasut-service.server.ts), as the invoicing job uses it. Every
 * call answers what the service said, or that it could not be reached; none
 * throws. Without a service the site issues none, and says so
 * (configured.server.ts).
 */
export type InvoicingAnswer<T extends object = object> =
  | ({ kind: 'ok' } & T)
  /** The service refused (a validation error: its messages, in Turkish). */
  | { kind: 'refused'; status: number; message: string }
  /** No answer: the network, a timeout, a server error, or too many requests (retry after). */
  | { kind: 'unanswered'; problem: string; retryAfterSeconds?: number }

export interface SalesInvoiceInput {
  /** The booking's reference, as the invoice's order number and description. */
  reference: string
  description: string
  issueDate: string
  currency: 'TRL' | 'EUR' | 'USD' | 'GBP'
  lines: { description: string; quantity: number; unitPrice: number; vatRate: number }[]
  buyer: InvoiceBuyer
}

export interface InternetSale {
  url: string
  paymentType: 'KREDIKARTI/BANKAKARTI' | 'EFT/HAVALE' | 'KAPIDAODEME' | 'ODEMEARACISI'
  platform: string
  date: string
}

export type EDocumentKind = 'e_archive' | 'e_invoice'

export interface InvoicingService {
  /** The buyer's contact: found by its tax number (a company), otherwise added. */
  contactFor(buyer: InvoiceBuyer): Promise<InvoicingAnswer<{ contactId: string }>>
  createSalesInvoice(
    contactId: string,
    invoice: SalesInvoiceInput,
  ): Promise<InvoicingAnswer<{ invoiceId: string; grossTotal: number }>>
  /** The buyer's e-Fatura inbox, when their VKN is registered for e-Fatura; null otherwise. */
  eInvoiceInbox(vkn: string): Promise<InvoicingAnswer<{ address: string | null }>>
  createEArchive(invoiceId: string, sale: InternetSale): Promise<InvoicingAnswer<{ jobId: string }>>
  createEInvoice(invoiceId: string, to: string): Promise<InvoicingAnswer<{ jobId: string }>>
  /** Where an asynchronous job stands: running, done, or failed with its errors. */
  job(
    jobId: string,
  ): Promise<
    InvoicingAnswer<{ status: 'pending' | 'running' | 'done' | 'error'; errors: string[] }>
  >
  /** The official document a done job made of the invoice. */
  activeEDocument(
    invoiceId: string,
  ): Promise<InvoicingAnswer<{ document: { id: string; kind: EDocumentKind } | null }>>
  /** The document's PDF, or null while the service is still making it. */
  documentPdf(
    kind: EDocumentKind,
    documentId: string,
  ): Promise<InvoicingAnswer<{ pdf: Buffer | null }>>
  /** Cancels the sales invoice (and with it, while the rules allow, its e-Arşiv). */
  cancelInvoice(invoiceId: string): Promise<InvoicingAnswer>
}
