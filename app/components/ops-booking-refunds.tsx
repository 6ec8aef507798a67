import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'

/** What the booking's staff page knows about its refunds (see refundSectionData). */
export interface BookingRefunds {
  canCancel: boolean
  mayRefund: boolean
  done: string | null
  /** The status of each payment attempt's latest refund, by attempt id. */
  latestByAttempt: Record<number, string>
  refunds: {
    id: number
    attemptId: number
    at: string
    amount: string
    status: string
    by: string | null
    byTraveller: boolean
    providerRefundId: string | null
    error: string | null
    retryable: boolean
  }[]
}

/**
 * A second charge still due for refund, with nothing asked yet: staff refund
 * it here in one action rather than wait for the maintenance run.
 */
export function RefundSecondChargeButton({
  reference,
  attemptId,
}: {
  reference: string
  attemptId: number
}) {
  const { t } = useTranslation()
  return (
    <Form method="post" action={`/ops/bookings/${reference}/refund`}>
      <input type="hidden" name="attempt" value={attemptId} />
      <button type="submit" name="intent" value="second-charge" className="button button--ghost">
        {t('ops.cancel.refundSecondCharge')}
      </button>
    </Form>
  )
}

/** The message of the action just done on the booking, at the top of its page. */
export function RefundNotice({ done }: { done: string | null }) {
  const { t } = useTranslation()
  if (!done) return null
  const failed = done.endsWith('-failed')
  return (
    <p className={`alert ${failed ? 'alert--error' : 'alert--success'}`} role="status">
      {t(`ops.cancel.done.${done}`)}
    </p>
  )
}

/**
 * The booking page's section on cancelling and refunding: the way to the
 * cancel form while the booking can be cancelled, and every refund asked for,
 * with a retry button on a failed one.
 */
export function BookingRefundsSection({
  reference,
  refunds,
}: {
  reference: string
  refunds: BookingRefunds
}) {
  const { t } = useTranslation()
  return (
    // A plain container: the table's wrapper is the region named by the heading, as elsewhere on the page.
    <div className="ops-refunds">
      <h2 id="ops-refunds-title">{t('ops.cancel.sectionTitle')}</h2>
      {refunds.canCancel ? (
        <p>
          <a href={`/ops/bookings/${reference}/cancel`} className="button button--ghost">
            {t('ops.cancel.link')}
          </a>
        </p>
      ) : null}
      {refunds.refunds.length === 0 ? (
        <p>{t('ops.cancel.noRefunds')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-refunds-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('ops.booking.columns.at')}</th>
                <th scope="col">{t('ops.booking.columns.amount')}</th>
                <th scope="col">{t('ops.booking.columns.status')}</th>
                <th scope="col">{t('ops.cancel.columns.by')}</th>
                <th scope="col">{t('ops.cancel.columns.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.refunds.map((refund) => (
                <tr key={refund.id}>
                  <td>{refund.at}</td>
                  <td>{refund.amount}</td>
                  <td>
                    {t(`ops.refundStatuses.${refund.status}`)}
                    {refund.error ? ` (${refund.error})` : ''}
                    {refund.retryable ? (
                      <Form method="post" action={`/ops/bookings/${reference}/refund`}>
                        <input type="hidden" name="attempt" value={refund.attemptId} />
                        <button type="submit" className="button button--ghost">
                          {t('ops.cancel.retry')}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                  <td>
                    {refund.byTraveller
                      ? t('ops.cancel.byTraveller')
                      : (refund.by ?? t('ops.cancel.byJob'))}
                  </td>
                  <td>{refund.providerRefundId ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
