import { randomBytes, randomInt } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import { getDatabase } from '~/db/db.server'
import type { SimulatorRefundsTable, SimulatorSessionsTable } from '~/db/schema'
import { lockedRead, writeTransaction } from '~/db/write.server'
import { fromDecimalAmount, toDecimalAmount } from './decimal-amounts'
import type {
  InitializeRequest,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  RetrieveResult,
} from './provider'

/**
 * The built-in payment simulator: a stand-in for iyzico's Checkout Form that
 * runs on this server, with no key and no network. Initialize stores a session
 * and answers with a token and the address of our own hosted test page; the
 * page takes a card number and POSTs the token to the callback; retrieve
 * answers from the stored session, in iyzico's shapes.
 *
 * It takes and answers minor units like every provider. Only its table keeps
 * the amounts as iyzico holds them, decimal strings ('40.80'): the columns
 * were made that way and the conversion stays in the two helpers below.
 */

/** Test cards, listed on the page. The first is iyzico's sandbox success card. */
export const simulatorCards = {
  success: '5528790000000008',
  declined: '4111111111111129',
  threeDsFailed: '4151111111111112',
} as const

const TOKEN_MINUTES = 30

interface CardOutcome {
  outcome: 'success' | 'failure'
  errorCode?: string
  errorMessage?: string
  errorGroup?: string
}

/** What the simulator's bank says about a card number (spaces ignored). */
export function cardOutcome(cardNumber: string): CardOutcome {
  const digits = cardNumber.replace(/\D/g, '')
  if (digits === simulatorCards.success) return { outcome: 'success' }
  if (digits === simulatorCards.threeDsFailed) {
    return {
      outcome: 'failure',
      errorCode: '10219',
      errorMessage: '3D Secure doğrulaması başarısız',
      errorGroup: 'THREEDS_FAILED',
    }
  }
  if (digits === simulatorCards.declined) {
    return {
      outcome: 'failure',
      errorCode: '10051',
      errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
      errorGroup: 'NOT_SUFFICIENT_FUNDS',
    }
  }
  return {
    outcome: 'failure',
    errorCode: '10005',
    errorMessage: 'İşlem onaylanmadı',
    errorGroup: 'DO_NOT_HONOUR',
  }
}

/** A session's amounts in minor units; undefined when a stored value is not money. */
export function sessionAmounts(session: Pick<SimulatorSessionsTable, 'price' | 'paid_price'>): {
  priceMinor: number | undefined
  paidMinor: number | undefined
} {
  return {
    priceMinor: fromDecimalAmount(session.price),
    paidMinor: fromDecimalAmount(session.paid_price),
  }
}

/** Minor units as the session table stores them. */
function storedAmount(minor: number): string {
  return toDecimalAmount(minor)
}

export function createSimulatorProvider(options: {
  database: () => Promise<DatabaseHandle>
  /** The site's address without a trailing slash (the validated PUBLIC_BASE_URL). */
  baseUrl: string
}): PaymentProvider {
  return {
    name: 'simulator',
    async initialize(request: InitializeRequest) {
      const basket = request.basketItems.reduce((sum, item) => sum + item.amountMinor, 0)
      if (basket !== request.amountMinor) {
        return {
          ok: false,
          errorCode: '5152',
          errorMessage: 'Basket items price total does not match price',
        }
      }
      const handle = await options.database()
      const now = new Date()
      const token = randomBytes(24).toString('base64url')
      await handle.db
        .insertInto('simulator_sessions')
        .values({
          token,
          conversation_id: request.conversationId,
          basket_id: request.basketId,
          price: storedAmount(request.amountMinor),
          paid_price: storedAmount(request.amountMinor),
          currency: request.currency,
          callback_url: request.callbackUrl,
          locale: request.locale,
          buyer_name: `${request.buyer.name} ${request.buyer.surname}`,
          outcome: 'pending',
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + TOKEN_MINUTES * 60_000).toISOString(),
        })
        .execute()
      return {
        ok: true,
        token,
        paymentPageUrl: `${options.baseUrl}/payment-simulator/${token}`,
        tokenExpireTime: TOKEN_MINUTES * 60,
      }
    },
    async retrieve(token, conversationId): Promise<RetrieveResult> {
      const session = await findSimulatorSession(await options.database(), token)
      if (!session || session.conversation_id !== conversationId) {
        return { status: 'failure', errorCode: '5146', errorMessage: 'Token bulunamadı' }
      }
      if (session.outcome === 'pending') {
        // Like a checkout form nobody has paid yet: no payment status.
        return { status: 'success', conversationId, basketId: session.basket_id }
      }
      if (session.outcome === 'failure') {
        return {
          status: 'failure',
          paymentStatus: 'FAILURE',
          conversationId,
          basketId: session.basket_id,
          errorCode: session.error_code ?? undefined,
          errorMessage: session.error_message ?? undefined,
          errorGroup: session.error_group ?? undefined,
        }
      }
      return {
        status: 'success',
        paymentStatus: 'SUCCESS',
        fraudStatus: 1,
        paymentId: session.payment_id ?? undefined,
        conversationId,
        basketId: session.basket_id,
        ...sessionAmounts(session),
        currency: session.currency,
      }
    },
    async refund(request) {
      return refundOnSimulator(await options.database(), request, new Date())
    },
  }
}

/**
 * The simulator's refund codes. They are this simulator's own (iyzico's
 * documented list does not name one per case); each refusal is a plain answer,
 * never an exception, as with iyzico.
 */
export const simulatorRefundErrors = {
  unknownPayment: { errorCode: 'SIM_UNKNOWN_PAYMENT', errorMessage: 'Ödeme bulunamadı' },
  currencyMismatch: { errorCode: 'SIM_CURRENCY', errorMessage: 'Para birimi ödemeyle aynı değil' },
  invalidAmount: { errorCode: 'SIM_INVALID_AMOUNT', errorMessage: 'Geçersiz iade tutarı' },
  overRefund: {
    errorCode: 'SIM_OVER_REFUND',
    errorMessage: 'İade tutarı ödenen ve iade edilmemiş tutarı aşıyor',
  },
} as const

/**
 * Gives back part or all of a successful simulator payment. The ledger is
 * read and written in one write transaction with the payment locked, so two
 * refunds at once cannot both pass the check: the refunds of a payment never
 * add up to more than it charged (a second full refund is refused).
 */
export async function refundOnSimulator(
  handle: DatabaseHandle,
  request: RefundRequest,
  now: Date,
): Promise<RefundResult> {
  if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) {
    return { ok: false, ...simulatorRefundErrors.invalidAmount }
  }
  return writeTransaction(handle, async (trx) => {
    // The payment's row stays locked until the refund is written, so a second
    // refund of the same payment reads the ledger only after this one.
    const session = await lockedRead(
      trx,
      trx
        .selectFrom('simulator_sessions')
        .selectAll()
        .where('payment_id', '=', request.paymentId)
        .where('outcome', '=', 'success'),
    ).executeTakeFirst()
    if (!session) return { ok: false as const, ...simulatorRefundErrors.unknownPayment }
    if (session.currency !== request.currency) {
      return { ok: false as const, ...simulatorRefundErrors.currencyMismatch }
    }
    const paid = sessionAmounts(session).paidMinor ?? 0
    const refunded = await trx
      .selectFrom('simulator_refunds')
      .select((eb) => eb.fn.sum<number | string | null>('amount_minor').as('total'))
      .where('payment_id', '=', request.paymentId)
      .executeTakeFirst()
    if (Number(refunded?.total ?? 0) + request.amountMinor > paid) {
      return { ok: false as const, ...simulatorRefundErrors.overRefund }
    }
    const refundId = `SR${randomInt(10_000_000, 99_999_999)}${randomBytes(3).toString('hex')}`
    await trx
      .insertInto('simulator_refunds')
      .values({
        refund_id: refundId,
        payment_id: request.paymentId,
        amount_minor: request.amountMinor,
        currency: request.currency,
        created_at: now.toISOString(),
      })
      .execute()
    return { ok: true as const, refundId, method: 'refund' as const }
  })
}

/** The refunds the simulator gave back of one payment, oldest first (for its page). */
export async function simulatorRefundsOf(
  handle: DatabaseHandle,
  paymentId: string | null,
): Promise<Selectable<SimulatorRefundsTable>[]> {
  if (!paymentId) return []
  return handle.db
    .selectFrom('simulator_refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('id')
    .execute()
}

export async function findSimulatorSession(
  handle: DatabaseHandle,
  token: string,
): Promise<SimulatorSessionsTable | undefined> {
  return handle.db
    .selectFrom('simulator_sessions')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst()
}

/**
 * The card form of the hosted test page. A session is paid once: a second
 * submission (a double click, the back button) finds it decided and changes
 * nothing. An expired session is refused like iyzico refuses an old token.
 */
export async function payOnSimulator(
  handle: DatabaseHandle,
  token: string,
  cardNumber: string,
  now: Date,
): Promise<SimulatorSessionsTable | undefined> {
  const session = await findSimulatorSession(handle, token)
  if (!session) return undefined
  if (session.outcome !== 'pending' || session.expires_at <= now.toISOString()) return session
  const decision = cardOutcome(cardNumber)
  await handle.db
    .updateTable('simulator_sessions')
    .set({
      outcome: decision.outcome,
      payment_id: decision.outcome === 'success' ? String(randomInt(10_000_000, 99_999_999)) : null,
      error_code: decision.errorCode ?? null,
      error_message: decision.errorMessage ?? null,
      error_group: decision.errorGroup ?? null,
    })
    .where('token', '=', token)
    .where('outcome', '=', 'pending')
    .execute()
  return findSimulatorSession(handle, token)
}

/** The hosted test page's session and what was refunded of its payment, on the process's database. */
export async function simulatorPageSession(token: string) {
  const handle = await getDatabase()
  const session = await findSimulatorSession(handle, token)
  if (!session) return undefined
  return Object.assign(session, { refunds: await simulatorRefundsOf(handle, session.payment_id) })
}

/** The hosted test page's card form, on the process's database. */
export async function payOnSimulatorPage(token: string, cardNumber: string, now: Date) {
  return payOnSimulator(await getDatabase(), token, cardNumber, now)
}
