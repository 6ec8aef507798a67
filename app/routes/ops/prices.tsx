import { OpsTable } from '~/components/ops/ops-table'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/prices'
import { pricesAction, pricesPageData } from '~/staff/price-pages.server'
import { DoneNotice } from '~/components/ops/dispatch-form'

export async function loader({ context, request }: Route.LoaderArgs) {
  return pricesPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return pricesAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

/** The price lists: which is in force, which are scheduled, the draft, every version. */
export default function OpsPrices({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  return (
    <section>
      <h1 id="ops-prices-title">{t('ops.prices.title')}</h1>
      <p>{t('ops.prices.lead')}</p>
      {page.done && !actionData ? (
        <DoneNotice>{t(`ops.prices.done.${page.done}`, { defaultValue: '' })}</DoneNotice>
      ) : null}
      {actionData ? (
        <p className="alert alert--error" role="alert">
          {t(`ops.prices.refusals.${actionData.refusal}`)}
        </p>
      ) : null}
      <h2>{t('ops.prices.draftHeading')}</h2>
      {page.draftId !== null ? (
        <p>
          {page.mayEdit ? (
            <a href="/ops/prices/draft">{t('ops.prices.editDraft', { id: page.draftId })}</a>
          ) : (
            <a href={`/ops/prices/${page.draftId}`}>
              {t('ops.prices.viewDraft', { id: page.draftId })}
            </a>
          )}
        </p>
      ) : page.mayEdit ? (
        <Form method="post" reloadDocument>
          <p>{t('ops.prices.noDraft')}</p>
          <button type="submit" name="intent" value="start" className="button">
            {t('ops.prices.startDraft', { id: page.inForceId })}
          </button>
        </Form>
      ) : (
        <p>{t('ops.prices.noDraft')}</p>
      )}
      <OpsTable id="ops-prices-versions" caption={t('ops.prices.versions.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('ops.prices.versions.version')}</th>
            <th scope="col">{t('ops.prices.versions.status')}</th>
            <th scope="col">{t('ops.prices.versions.appliesFrom')}</th>
            <th scope="col">{t('ops.prices.versions.publishedBy')}</th>
            <th scope="col">{t('ops.prices.versions.note')}</th>
          </tr>
        </thead>
        <tbody>
          {page.versions.map((version) => (
            <tr key={version.id}>
              <th scope="row">
                <a href={`/ops/prices/${version.id}`}>
                  {t('ops.prices.versionTitle', { id: version.id })}
                </a>
              </th>
              <td>
                {t(`ops.prices.statuses.${version.status}`)}
                {version.status === 'scheduled' && page.mayEdit ? (
                  <Form method="post" reloadDocument className="ops-inline-form">
                    <input type="hidden" name="id" value={version.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="withdraw"
                      className="button button--ghost"
                      aria-label={t('ops.prices.withdrawLabel', { id: version.id })}
                    >
                      {t('ops.prices.withdraw')}
                    </button>
                  </Form>
                ) : null}
              </td>
              <td>{version.first ? t('ops.prices.fromTheStart') : (version.appliesFrom ?? '–')}</td>
              <td>{version.first ? t('ops.prices.builtIn') : (version.publishedBy ?? '–')}</td>
              <td>{version.note || (version.first ? t('ops.prices.firstNote') : '–')}</td>
            </tr>
          ))}
        </tbody>
      </OpsTable>
    </section>
  )
}
