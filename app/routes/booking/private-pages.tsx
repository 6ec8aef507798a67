import type { Route } from './+types/private-pages'

/**
 * The layout of every page that shows a traveller's own booking: the booking
 * steps, the payment simulator's page, the received, completion and invoice
 * pages (app/routes.ts). Its headers reach each of them, for documents and
 * for the data requests of client navigation alike, so no browser or proxy
 * keeps a copy of someone's name, address or booking. Child routes export no
 * `headers` of their own: one would replace these. It renders only its page.
 */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })
