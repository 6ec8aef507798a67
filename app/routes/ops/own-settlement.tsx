import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/own-settlement'
import { ownSettlementPageData } from '~/staff/settlement-pages.server'
import { SettlementFigures, SettlementPeriodForm } from '~/components/ops/settlement'

export async function loader({ context, request }: Route.LoaderArgs) {
  return ownSettlementPageData(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

/** The signed-in driver's own settlement: what they are owed, or owe, for a period. */
export default function OpsOwnSettlement({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  return (
    <section className="company-statement" aria-labelledby="ops-settlement-title">
      <div className="invoice-page__toolbar">
        <a href="/ops/jobs">{t('ops.settlements.own.back')}</a>
      </div>
      <h1 id="ops-settlement-title">{t('ops.settlements.own.title')}</h1>
      <div className="invoice-page__toolbar">
        <SettlementPeriodForm action="/ops/jobs/settlement" form={page.form} errors={page.errors} />
      </div>
      {page.heading ? <h2 className="ops-reports__period">{page.heading}</h2> : null}
      <dl className="ops-details">
        <dt>{t('ops.settlements.fields.payRule')}</dt>
        <dd>{page.view && page.settled ? page.view.rule : page.rule}</dd>
        {page.view ? (
          <>
            <dt>{t('ops.settlements.state')}</dt>
            <dd>{page.settled ?? t('ops.settlements.notSettled')}</dd>
          </>
        ) : null}
      </dl>
      {page.view ? <SettlementFigures view={page.view} /> : null}
    </section>
  )
}
