import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { RecordHistory } from '~/components/ops/record-history'
import type { Route } from './+types/promo-code-edit'
import { editPromoCodeAction, editPromoCodePageData } from '~/staff/promo-code-pages.server'
import { PromoCodeForm } from '~/components/ops/promo-code-fields'
import { DoneNotice } from '~/components/ops/dispatch-form'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return editPromoCodePageData(context, request, params.id)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return editPromoCodeAction(context, request, params.id)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsPromoCodeEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { summary } = loaderData
  return (
    <section aria-labelledby="ops-promo-code-title">
      <p>
        <a href="/ops/promo-codes">{t('ops.promo.back')}</a>
      </p>
      <h1 id="ops-promo-code-title">{t('ops.promo.editTitle', { code: loaderData.code })}</h1>
      {loaderData.deactivated && !actionData ? (
        <DoneNotice>{t('ops.promo.deactivated')}</DoneNotice>
      ) : null}
      <dl className="ops-details">
        <dt>{t('ops.promo.columns.discount')}</dt>
        <dd>{summary.discount}</dd>
        <dt>{t('ops.promo.columns.valid')}</dt>
        <dd>{summary.valid}</dd>
        <dt>{t('ops.promo.columns.uses')}</dt>
        <dd>{summary.uses}</dd>
        <dt>{t('ops.promo.columns.limits')}</dt>
        <dd>{summary.limits}</dd>
        <dt>{t('ops.promo.columns.state')}</dt>
        <dd>{t(`ops.promo.states.${summary.state}`)}</dd>
      </dl>
      {loaderData.mayManage ? (
        <>
          {summary.state !== 'inactive' ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="deactivate"
                className="button button--ghost"
              >
                {t('ops.promo.deactivate')}
              </button>
            </Form>
          ) : null}
          <PromoCodeForm
            id={`promo-${loaderData.id}`}
            labelledBy="ops-promo-code-title"
            lastResult={actionData?.result}
            defaultValue={loaderData.defaults}
            classes={loaderData.classes}
            rideKinds={loaderData.rideKinds}
            submitLabel={t('ops.promo.save')}
            withActive
          />
        </>
      ) : (
        <p>{t('ops.promo.readOnly')}</p>
      )}
      <RecordHistory entries={loaderData.history} />
    </section>
  )
}
