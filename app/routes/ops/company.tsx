import { Form, useLocation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { RecordHistory } from '~/components/ops/record-history'
import type { Route } from './+types/company'
import { companyAction, companyPageData } from '~/staff/company-pages.server'
import { CompanyForm, PartnerPasswordForm, PartnerUserForm } from '~/components/ops/company-fields'
import { DoneNotice } from '~/components/ops/dispatch-form'
import { OpsTable } from '~/components/ops/ops-table'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return companyPageData(context, request, params.id)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return companyAction(context, request, params.id)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

const doneNotices = ['saved', 'userAdded', 'userDisabled', 'userEnabled', 'passwordReset']

export default function OpsCompany({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const { company, mayManage } = loaderData
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined)
  return (
    <section aria-labelledby="ops-company-title">
      <p>
        <a href="/ops/companies">{t('opsCompanies.back')}</a>
      </p>
      <h1 id="ops-company-title">{company.name}</h1>
      {loaderData.done && doneNotices.includes(loaderData.done) && !actionData ? (
        <DoneNotice>{t(`opsCompanies.done.${loaderData.done}`)}</DoneNotice>
      ) : null}
      <dl className="ops-details">
        <dt>{t('opsCompanies.fields.taxOffice')}</dt>
        <dd>{company.taxOffice}</dd>
        <dt>{t('opsCompanies.fields.taxNumber')}</dt>
        <dd>{company.taxNumber}</dd>
        <dt>{t('opsCompanies.fields.billingAddress')}</dt>
        <dd className="ops-address">{company.billingAddress}</dd>
        <dt>{t('opsCompanies.fields.contactEmail')}</dt>
        <dd>{company.contactEmail}</dd>
        <dt>{t('opsCompanies.columns.rate')}</dt>
        <dd>{company.rate}</dd>
        <dt>{t('opsCompanies.columns.terms')}</dt>
        <dd>{company.terms}</dd>
        <dt>{t('opsCompanies.columns.creditLimit')}</dt>
        <dd>{company.creditLimit}</dd>
        <dt>{t('opsCompanies.columns.creditUsed')}</dt>
        <dd>{company.creditUsed}</dd>
        <dt>{t('opsCompanies.columns.state')}</dt>
        <dd>{t(company.active ? 'opsCompanies.active' : 'opsCompanies.inactive')}</dd>
      </dl>

      <h2 id="ops-company-months-title">{t('opsCompanies.statements.title')}</h2>
      <OpsTable id="ops-company-months" caption={t('opsCompanies.statements.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('opsCompanies.statements.month')}</th>
            <th scope="col">{t('opsCompanies.statements.rides')}</th>
            <th scope="col">{t('opsCompanies.statement.totals.rides')}</th>
            <th scope="col">{t('opsCompanies.statement.totals.onAccountDue')}</th>
            <th scope="col">{t('opsCompanies.statement.totals.balance')}</th>
            <th scope="col">{t('opsCompanies.statements.paid')}</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.months.map((month) => (
            <tr key={month.month}>
              <th scope="row">
                <a href={`/ops/companies/${company.id}/statements/${month.month}`}>{month.month}</a>
              </th>
              <td>{month.rideCount}</td>
              <td>{month.rides}</td>
              <td>{month.onAccountDue}</td>
              <td>{month.balance}</td>
              <td>
                {month.paidAt
                  ? t('opsCompanies.statements.paidOn', { at: month.paidAt })
                  : t('opsCompanies.statements.unpaid')}
              </td>
            </tr>
          ))}
        </tbody>
      </OpsTable>

      <h2 id="ops-company-users-title">{t('opsCompanies.users.title')}</h2>
      <p>{t('opsCompanies.users.lead')}</p>
      {loaderData.users.length === 0 ? (
        <p>{t('opsCompanies.users.empty')}</p>
      ) : (
        <ul className="ops-partner-users" aria-labelledby="ops-company-users-title">
          {loaderData.users.map((user) => (
            <li key={user.id}>
              <p>
                <strong>{user.name}</strong> · {user.email} ·{' '}
                {t(user.disabled ? 'opsCompanies.users.disabled' : 'opsCompanies.users.enabled')}
              </p>
              {mayManage ? (
                <div className="ops-partner-users__actions">
                  <Form method="post">
                    <input type="hidden" name="user" value={user.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={user.disabled ? 'enableUser' : 'disableUser'}
                      className="button button--ghost"
                      aria-label={t(
                        user.disabled
                          ? 'opsCompanies.users.enableFor'
                          : 'opsCompanies.users.disableFor',
                        { name: user.name },
                      )}
                    >
                      {t(
                        user.disabled ? 'opsCompanies.users.enable' : 'opsCompanies.users.disable',
                      )}
                    </button>
                  </Form>
                  <PartnerPasswordForm
                    userId={user.id}
                    userName={user.name}
                    lastResult={resultFor(`reset-${user.id}`)}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {mayManage ? (
        <>
          <h3 id="ops-company-user-add-title">{t('opsCompanies.users.addTitle')}</h3>
          <PartnerUserForm
            resetKey={loaderData.done === 'userAdded' ? location.key : 'form'}
            lastResult={resultFor('addUser')}
            labelledBy="ops-company-user-add-title"
          />
          <h2 id="ops-company-edit-title">{t('opsCompanies.editTitle')}</h2>
          <CompanyForm
            id={`company-${company.id}`}
            labelledBy="ops-company-edit-title"
            lastResult={resultFor('company')}
            defaultValue={loaderData.defaults}
            submitLabel={t('opsCompanies.save')}
            withActive
          />
        </>
      ) : (
        <p>{t('opsCompanies.readOnly')}</p>
      )}
      <RecordHistory entries={loaderData.history} />
    </section>
  )
}
