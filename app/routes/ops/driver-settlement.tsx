import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/driver-settlement'
import { driverSettlementAction, driverSettlementPageData } from '~/staff/settlement-pages.server'
import { SettlementFigures, SettlementPeriodForm } from '~/components/ops/settlement'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return driverSettlementPageData(context, request, params.id)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return driverSettlementAction(context, request, params.id)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsDriverSettlement({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  const driverHref = `/ops/drivers/${page.driver.id}`
  return (
    <section className="company-statement" aria-labelledby="ops-settlement-title">
      <div className="invoice-page__toolbar">
        <a href={driverHref}>{t('ops.settlements.back', { name: page.driver.name })}</a>
        {page.csvHref ? (
          <a href={page.csvHref} download>
            {t('ops.settlements.csv')}
          </a>
        ) : null}
      </div>
      <h1 id="ops-settlement-title">{t('ops.settlements.title', { name: page.driver.name })}</h1>
      <div className="invoice-page__toolbar">
        <SettlementPeriodForm
          action={`${driverHref}/settlement`}
          form={page.form}
          errors={page.errors}
        />
      </div>
      {page.heading ? <h2 className="ops-reports__period">{page.heading}</h2> : null}
      <dl className="ops-details">
        <dt>{t('ops.settlements.fields.payRule')}</dt>
        <dd>{page.view && page.settled ? page.view.rule : page.rule}</dd>
        {page.view ? (
          <>
            <dt id="ops-settlement-state">{t('ops.settlements.state')}</dt>
            <dd>{page.settled ?? t('ops.settlements.notSettled')}</dd>
          </>
        ) : null}
      </dl>
      {page.notice ? (
        <p
          className={
            page.notice === 'settled' || page.notice === 'already'
              ? 'alert alert--success'
              : 'alert alert--error'
          }
          role={page.notice === 'settled' || page.notice === 'already' ? 'status' : 'alert'}
        >
          {t(`ops.settlements.notices.${page.notice}`)}
        </p>
      ) : null}
      {page.view ? <SettlementFigures view={page.view} /> : null}
      {page.view && page.period && !page.settled ? (
        page.maySettle ? (
          <Form method="post" className="company-statement__actions">
            <input type="hidden" name="from" value={page.period.from} />
            <input type="hidden" name="to" value={page.period.to} />
            <p>{t('ops.settlements.settleHint')}</p>
            <button type="submit" name="intent" value="settle" className="button button--accent">
              {t('ops.settlements.settle')}
            </button>
          </Form>
        ) : (
          <p className="company-statement__actions">{t('ops.settlements.adminsSettle')}</p>
        )
      ) : null}
    </section>
  )
}
