import { data, type RouterContextProvider } from 'react-router'
import type { Executor } from '~/db/executor'
import { getDatabase } from '~/db/db.server'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { configuredInvoicing } from '~/adapters/invoicing/configured.server'
import { pageContext } from '~/utils/page-context.server'

/**
 * A booking's official electronic invoice, as its invoice page shows it: the
 * e-Arşiv or e-Fatura issued through Paraşüt (docs/invoicing.md) with its
 * PDF, kept by the site; whether one is coming (with Paraşüt, not yet
 * issued); or, without Paraşüt, none, which the page says plainly.
 */
export type OfficialInvoice =
  { kind: 'issued'; document: 'e_archive' | 'e_invoice' } | { kind: 'coming' } | { kind: 'none' }

export async function officialInvoiceOf(
  executor: Executor,
  bookingId: string,
): Promise<OfficialInvoice> {
  const row = await executor
    .selectFrom('e_invoices')
    .select(['kind', 'issued_at', 'cancelled_at', 'pdf'])
    .where('booking_id', '=', bookingId)
    .executeTakeFirst()
  if (row?.issued_at && row.pdf && !row.cancelled_at) {
    return { kind: 'issued', document: row.kind ?? 'e_archive' }
  }
  return configuredInvoicing() ? { kind: 'coming' } : { kind: 'none' }
}

/** The official PDF, to whoever may open the booking's invoice page; not found otherwise. */
export async function officialInvoiceResponse(
  context: Readonly<RouterContextProvider>,
  request: Request,
) {
  const { language, site } = pageContext(context, request)
  const { booking } = await requirePaidBooking(request, { language, site })
  const { db } = await getDatabase()
  const row = await db
    .selectFrom('e_invoices')
    .select(['pdf', 'cancelled_at'])
    .where('booking_id', '=', booking.id)
    .executeTakeFirst()
  if (!row?.pdf || row.cancelled_at) {
    throw data('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  }
  return new Response(Buffer.from(row.pdf, 'base64'), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="invoice-${booking.reference}.pdf"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
