import { useLocation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/promo-codes'
import { addPromoCodeAction, promoCodesPageData } from '~/staff/promo-code-pages.server'
import { PromoCodeForm } from '~/components/ops/promo-code-fields'
import { DoneNotice } from '~/components/ops/dispatch-form'

export async function loader({ context, request }: Route.LoaderArgs) {
  return promoCodesPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return addPromoCodeAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsPromoCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const page = loaderData
  return (
    <section>
      <h1 id="ops-promo-title">{t('ops.promo.title')}</h1>
      <p>{t('ops.promo.lead')}</p>
      {page.mayManage ? null : <p>{t('ops.promo.readOnly')}</p>}
      {page.added && !actionData ? (
        <DoneNotice>{t('ops.promo.added', { code: page.added })}</DoneNotice>
      ) : null}
      {page.saved && !actionData ? <DoneNotice>{t('ops.promo.saved')}</DoneNotice> : null}
      {page.codes.length === 0 ? (
        <p>{t('ops.promo.empty')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-promo-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('ops.promo.columns.code')}</th>
                <th scope="col">{t('ops.promo.columns.discount')}</th>
                <th scope="col">{t('ops.promo.columns.valid')}</th>
                <th scope="col">{t('ops.promo.columns.uses')}</th>
                <th scope="col">{t('ops.promo.columns.limits')}</th>
                <th scope="col">{t('ops.promo.columns.state')}</th>
              </tr>
            </thead>
            <tbody>
              {page.codes.map((code) => (
                <tr key={code.id}>
                  <th scope="row">
                    <a href={`/ops/promo-codes/${code.id}`}>{code.code}</a>
                  </th>
                  <td>{code.discount}</td>
                  <td>{code.valid}</td>
                  <td>{code.uses}</td>
                  <td>{code.limits}</td>
                  <td>{t(`ops.promo.states.${code.state}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.mayManage ? (
        <>
          <h2 id="ops-promo-add-title">{t('ops.promo.addTitle')}</h2>
          <PromoCodeForm
            key={page.added ? location.key : 'promo-add'}
            id="promo-add"
            labelledBy="ops-promo-add-title"
            lastResult={actionData?.result}
            classes={page.classes}
            rideKinds={page.rideKinds}
            submitLabel={t('ops.promo.add')}
            withActive={false}
          />
        </>
      ) : null}
    </section>
  )
}
