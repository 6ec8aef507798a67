import { useLocation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/companies'
import { addCompanyAction, companiesPageData } from '~/staff/company-pages.server'
import { CompanyForm } from '~/components/ops/company-fields'
import { DoneNotice } from '~/components/ops/dispatch-form'
import { OpsTable } from '~/components/ops/ops-table'

export async function loader({ context, request }: Route.LoaderArgs) {
  return companiesPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return addCompanyAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsCompanies({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const page = loaderData
  return (
    <section aria-labelledby="ops-companies-title">
      <h1 id="ops-companies-title">{t('opsCompanies.title')}</h1>
      <p>{t('opsCompanies.lead')}</p>
      {page.mayManage ? null : <p>{t('opsCompanies.readOnly')}</p>}
      {page.added && !actionData ? (
        <DoneNotice>{t('opsCompanies.added', { name: page.added })}</DoneNotice>
      ) : null}
      {page.companies.length === 0 ? (
        <p>{t('opsCompanies.empty')}</p>
      ) : (
        <OpsTable id="ops-companies-caption" caption={t('opsCompanies.listCaption')}>
          <thead>
            <tr>
              <th scope="col">{t('opsCompanies.columns.name')}</th>
              <th scope="col">{t('opsCompanies.columns.taxNumber')}</th>
              <th scope="col">{t('opsCompanies.columns.terms')}</th>
              <th scope="col">{t('opsCompanies.columns.creditLimit')}</th>
              <th scope="col">{t('opsCompanies.columns.creditUsed')}</th>
              <th scope="col">{t('opsCompanies.columns.state')}</th>
            </tr>
          </thead>
          <tbody>
            {page.companies.map((company) => (
              <tr key={company.id}>
                <th scope="row">
                  <a href={`/ops/companies/${company.id}`}>{company.name}</a>
                </th>
                <td>{company.taxNumber}</td>
                <td>{company.terms}</td>
                <td>{company.creditLimit}</td>
                <td>{company.creditUsed}</td>
                <td>{t(company.active ? 'opsCompanies.active' : 'opsCompanies.inactive')}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      {page.mayManage ? (
        <>
          <h2 id="ops-company-add-title">{t('opsCompanies.addTitle')}</h2>
          <CompanyForm
            key={page.added ? location.key : 'company-add'}
            id="company-add"
            labelledBy="ops-company-add-title"
            lastResult={actionData?.result}
            submitLabel={t('opsCompanies.add')}
            withActive={false}
          />
        </>
      ) : null}
    </section>
  )
}
