import { useTranslation } from '~/i18n/use-translation'
import type { SettlementView } from '~/staff/settlement-pages.server'
import { OpsTable } from './ops-table'
import { PeriodDateField as DateField } from './period-date-field'

/**
 * A driver's settlement as the office's page and the driver's own show it
 * (docs/settlements.md): the period's form (a plain GET form: the period is in
 * the address), the rides, the totals per currency and the balance in words.
 */

export function SettlementPeriodForm({
  action,
  form,
  errors,
}: {
  action: string
  form: { from: string; to: string }
  errors: { from: string | null; to: string | null }
}) {
  const { t } = useTranslation()
  return (
    <form
      method="get"
      action={action}
      className="ops-filters"
      aria-label={t('ops.settlements.period.label')}
    >
      <DateField
        id="settlement-from"
        name="from"
        label={t('ops.settlements.period.from')}
        value={form.from}
        error={errors.from}
      />
      <DateField
        id="settlement-to"
        name="to"
        label={t('ops.settlements.period.to')}
        value={form.to}
        error={errors.to}
      />
      <button type="submit" className="button">
        {t('ops.settlements.period.show')}
      </button>
    </form>
  )
}

export function SettlementFigures({ view }: { view: SettlementView }) {
  const { t } = useTranslation()
  return (
    <>
      <h2 id="ops-settlement-rides">{t('ops.settlements.ridesTitle')}</h2>
      {view.rides.length === 0 ? (
        <p>{t('ops.settlements.noRides')}</p>
      ) : (
        <OpsTable id="ops-settlement-rides-caption" caption={t('ops.settlements.ridesCaption')}>
          <thead>
            <tr>
              <th scope="col">{t('ops.settlements.columns.reference')}</th>
              <th scope="col">{t('ops.settlements.columns.pickup')}</th>
              <th scope="col">{t('ops.settlements.columns.fare')}</th>
              <th scope="col">{t('ops.settlements.columns.cash')}</th>
              <th scope="col">{t('ops.settlements.columns.cashTips')}</th>
              <th scope="col">{t('ops.settlements.columns.cardTips')}</th>
              <th scope="col">{t('ops.settlements.columns.pay')}</th>
            </tr>
          </thead>
          <tbody>
            {view.rides.map((ride) => (
              <tr key={ride.reference}>
                <th scope="row">
                  {ride.href ? <a href={ride.href}>{ride.reference}</a> : ride.reference}
                </th>
                <td>{ride.pickup}</td>
                <td className="ops-amount">{ride.fare}</td>
                <td className="ops-amount">{ride.cash}</td>
                <td className="ops-amount">{ride.cashTips}</td>
                <td className="ops-amount">{ride.cardTips}</td>
                <td className="ops-amount">
                  {ride.pay} <span className="ops-company-label">{ride.payNote}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}

      {view.totals.length > 0 ? (
        <>
          <h2 id="ops-settlement-totals">{t('ops.settlements.totalsTitle')}</h2>
          <OpsTable id="ops-settlement-totals-caption" caption={t('ops.settlements.totalsCaption')}>
            <thead>
              <tr>
                <th scope="col">{t('ops.settlements.columns.currency')}</th>
                <th scope="col">{t('ops.settlements.columns.rides')}</th>
                <th scope="col">{t('ops.settlements.columns.cash')}</th>
                <th scope="col">{t('ops.settlements.columns.cashTips')}</th>
                <th scope="col">{t('ops.settlements.columns.cardTips')}</th>
                <th scope="col">{t('ops.settlements.columns.pay')}</th>
                <th scope="col">{t('ops.settlements.columns.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {view.totals.map((total) => (
                <tr key={total.currency}>
                  <th scope="row">{total.currency}</th>
                  <td className="ops-amount">{total.rides}</td>
                  <td className="ops-amount">{total.cash}</td>
                  <td className="ops-amount">{total.cashTips}</td>
                  <td className="ops-amount">{total.cardTips}</td>
                  <td className="ops-amount">{total.pay}</td>
                  <td className="ops-amount">{total.balance ?? t('ops.settlements.payNotSet')}</td>
                </tr>
              ))}
            </tbody>
          </OpsTable>
        </>
      ) : null}

      {view.ridesWithoutPay > 0 ? (
        <p className="alert alert--info">
          {t('ops.settlements.payMissing', { count: view.ridesWithoutPay })}
        </p>
      ) : (
        view.balances.map((sentence) => (
          <p key={sentence} className="ops-settlement-balance">
            <strong>{sentence}</strong>
          </p>
        ))
      )}
      <p className="field__hint">{t('ops.settlements.balanceRule')}</p>
    </>
  )
}
