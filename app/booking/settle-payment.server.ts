import type { DatabaseHandle } from '~/db/connect.server'
import { getDatabase } from '~/db/db.server'
import { paymentProvider } from '~/adapters/payment/configured.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { settlePayment } from './payments.server'
import { sendConfirmationSoon } from './confirmation-mail.server'

export type SettleCallbackResult =
  | { kind: 'confirmed' }
  /** The card was refused; `threeDs` when the bank's 3-D Secure check failed. */
  | { kind: 'declined'; threeDs: boolean }
  | { kind: 'pending' }
  /** No token, a token we never issued, or one without its booking. */
  | { kind: 'unknown' }

/** Longer than any token a provider issues: refused before a lookup. */
const MAX_TOKEN_LENGTH = 200

/**
 * The payment provider sent the traveller back with a token. The result is
 * retrieved from the provider by that token (the browser's word counts for
 * nothing); the booking is confirmed once, and its confirmation e-mail is
 * sent by the one request that confirmed it, so a replayed callback sends
 * nothing again.
 */
export async function settlePaymentCallback(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  token: string,
  now = new Date(),
  sendConfirmation: (handle: DatabaseHandle, bookingId: string) => void = sendConfirmationSoon,
): Promise<SettleCallbackResult> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { kind: 'unknown' }
  const outcome = await settlePayment(handle, provider, token, now)
  switch (outcome.kind) {
    case 'confirmed':
      if (outcome.first) sendConfirmation(handle, outcome.booking.id)
      return { kind: 'confirmed' }
    case 'failed':
      return { kind: 'declined', threeDs: outcome.errorGroup === 'THREEDS_FAILED' }
    case 'pending':
      return { kind: 'pending' }
    default:
      return { kind: 'unknown' }
  }
}

/** The callback route's entry: the process's database and configured provider. */
export async function settleReturnedPayment(token: string): Promise<SettleCallbackResult> {
  return settlePaymentCallback(await getDatabase(), paymentProvider(), token)
}
