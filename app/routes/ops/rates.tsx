import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/rates'
import { ratesAction, ratesPageData } from '~/staff/rates-page.server'
import { RatePinForm } from '~/components/ops/rate-pin-form'
import { DoneNotice } from '~/components/ops/dispatch-form'

export async function loader({ context, request }: Route.LoaderArgs) {
  return ratesPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return ratesAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsRates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  const source = t(`ops.rates.sources.${page.source.kind}`, { date: page.source.date })
  return (
    <section>
      <h1 id="ops-rates-title">{t('ops.rates.title')}</h1>
      <p>{t('ops.rates.lead')}</p>
      {page.done && !actionData ? (
        <DoneNotice>
          {t(`ops.rates.done.${page.done.kind}`, { currency: page.done.currency })}
        </DoneNotice>
      ) : null}
      {actionData?.refusal === 'ended' ? (
        <p className="alert alert--error" role="alert">
          {t('ops.rates.alreadyEnded')}
        </p>
      ) : null}
      <div className="ops-table-wrap" role="region" aria-labelledby="ops-rates-title" tabIndex={0}>
        <table className="ops-table">
          <thead>
            <tr>
              <th scope="col">{t('ops.rates.columns.currency')}</th>
              <th scope="col">{t('ops.rates.columns.rate')}</th>
              <th scope="col">{t('ops.rates.columns.from')}</th>
            </tr>
          </thead>
          <tbody>
            {page.currencies.map((row) => (
              <tr key={row.currency}>
                <th scope="row">{row.currency}</th>
                <td>{row.rate}</td>
                <td>
                  {row.pin ? (
                    <>
                      {t('ops.rates.pinnedBy', { name: row.pin.by, until: row.pin.until })}{' '}
                      {t('ops.rates.instead', { rate: row.sourceRate, source })}
                    </>
                  ) : (
                    source
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {page.mayPin ? (
        <>
          <h2>{t('ops.rates.pinsTitle')}</h2>
          <p>{t('ops.rates.pinsLead')}</p>
          {page.currencies.map((row) => (
            <div key={row.currency}>
              <RatePinForm
                currency={row.currency}
                lastResult={actionData?.currency === row.currency ? actionData.result : undefined}
                defaults={page.defaults}
                sourceRate={row.sourceRate}
                band={row.band}
                maxDays={page.maxDays}
              />
              {row.pin ? (
                <Form method="post" className="ops-actions">
                  <input type="hidden" name="intent" value="unpin" />
                  <input type="hidden" name="pinId" value={row.pin.id} />
                  <button type="submit" className="button button--ghost">
                    {t('ops.rates.unpin', { currency: row.currency })}
                  </button>
                </Form>
              ) : null}
            </div>
          ))}
        </>
      ) : null}

      <h2 id="ops-rates-history-title">{t('ops.rates.historyTitle')}</h2>
      {page.history.length === 0 ? (
        <p>{t('ops.rates.historyEmpty')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-rates-history-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('ops.rates.columns.pinnedAt')}</th>
                <th scope="col">{t('ops.rates.columns.currency')}</th>
                <th scope="col">{t('ops.rates.columns.rate')}</th>
                <th scope="col">{t('ops.audit.columns.who')}</th>
                <th scope="col">{t('ops.rates.columns.until')}</th>
                <th scope="col">{t('ops.rates.columns.ended')}</th>
              </tr>
            </thead>
            <tbody>
              {page.history.map((record) => (
                <tr key={record.id}>
                  <td>{record.pinnedAt}</td>
                  <th scope="row">{record.currency}</th>
                  <td>{record.rate}</td>
                  <td>{record.pinnedBy}</td>
                  <td>{record.until}</td>
                  <td>
                    {record.ended.kind === 'removed'
                      ? t('ops.rates.ended.removed', {
                          name: record.ended.by,
                          at: record.ended.at,
                        })
                      : t(`ops.rates.ended.${record.ended.kind}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
