/**
 * Who is booking, resolved once at the edge (the storefront's pages, from the
 * request's sign-ins: app/storefront/buyer.server.ts) and handed to the
 * booking's use cases, which read no cookie and know no kind of account:
 *
 * - `guest`: a traveller, signed in or not (an account only fills the forms);
 * - `company`: a partner's user booking for a guest, whose booking is the
 *   company's (its net rate, its invoice, its credit) and priced in euros.
 */
export type Buyer = { kind: 'guest' } | { kind: 'company'; companyId: number; userId: number }

export const guestBuyer: Buyer = { kind: 'guest' }
