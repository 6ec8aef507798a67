import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { BookingTips } from '~/tips/staff-tips.server'

/**
 * The booking page's tips: each one by card or in cash, for the driver in
 * full, with a refund button on a paid card tip for those who may refund.
 * Nothing is shown for a ride without tips.
 */
export function BookingTipsSection({ reference, tips }: { reference: string; tips: BookingTips }) {
  const { t } = useTranslation()
  if (tips.tips.length === 0) return null
  return (
    <div className="ops-refunds">
      <h2 id="ops-tips-title">{t('ops.tips.title')}</h2>
      <div className="ops-table-wrap" role="region" aria-labelledby="ops-tips-title" tabIndex={0}>
        <table className="ops-table">
          <thead>
            <tr>
              <th scope="col">{t('ops.tips.columns.when')}</th>
              <th scope="col">{t('ops.tips.columns.method')}</th>
              <th scope="col">{t('ops.tips.columns.amount')}</th>
              <th scope="col">{t('ops.tips.columns.status')}</th>
            </tr>
          </thead>
          <tbody>
            {tips.tips.map((tip) => (
              <tr key={tip.id}>
                <td>{tip.at}</td>
                <td>{t(`ops.tips.methods.${tip.method}`)}</td>
                <td>{tip.amount}</td>
                <td>
                  {t(`ops.tips.statuses.${tip.status}`, { at: tip.refundedAt ?? '' })}
                  {tip.refundError ? (
                    <p className="field__error">
                      {t('ops.tips.refundRefused', { reason: tip.refundError })}
                    </p>
                  ) : null}
                  {tip.refundable && tips.mayRefund ? (
                    <Form method="post" action={`/ops/bookings/${reference}/tip-refund`}>
                      <input type="hidden" name="tip" value={tip.id} />
                      <button type="submit" className="button button--ghost">
                        {t('ops.tips.refund', { amount: tip.amount })}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
