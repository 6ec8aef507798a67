import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/company-statement'
import { statementAction, statementPageData } from '~/staff/company-pages.server'
import { DoneNotice } from '~/components/ops/dispatch-form'
import { OpsTable } from '~/components/ops/ops-table'
import { PrintButton } from '~/components/print-button'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return statementPageData(context, request, params.id, params.month)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return statementAction(context, request, params.id, params.month)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

type Line = Route.ComponentProps['loaderData']['rides'][number]

export default function OpsCompanyStatement({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  const { company, totals } = page
  const companyHref = `/ops/companies/${company.id}`
  const row = (line: Line, kept: boolean) => (
    <tr key={line.reference}>
      <th scope="row">{line.reference}</th>
      <td>{line.pickup}</td>
      <td>{line.route}</td>
      <td>{line.vehicleClass}</td>
      <td>{line.guest}</td>
      <td>{line.settlement}</td>
      <td className="ops-amount">{line.amount}</td>
      <td className="ops-amount">{kept ? line.kept : line.commission}</td>
    </tr>
  )
  const head = (last: string) => (
    <thead>
      <tr>
        <th scope="col">{t('opsCompanies.csv.reference')}</th>
        <th scope="col">{t('opsCompanies.csv.pickup')}</th>
        <th scope="col">{t('opsCompanies.csv.route')}</th>
        <th scope="col">{t('opsCompanies.csv.vehicleClass')}</th>
        <th scope="col">{t('opsCompanies.csv.guest')}</th>
        <th scope="col">{t('opsCompanies.csv.settlement')}</th>
        <th scope="col">{t('opsCompanies.csv.amount')}</th>
        <th scope="col">{last}</th>
      </tr>
    </thead>
  )
  return (
    <section className="company-statement" aria-labelledby="ops-statement-title">
      <div className="invoice-page__toolbar">
        <PrintButton label={t('opsCompanies.statement.print')} />
        <p className="invoice-page__hint">{t('opsCompanies.statement.printHint')}</p>
        <a href={`${companyHref}/statements/${page.month}.csv`} download>
          {t('opsCompanies.statement.csv')}
        </a>
        <a href={companyHref}>{t('opsCompanies.statement.back', { name: company.name })}</a>
      </div>
      {page.marked ? <DoneNotice>{t('opsCompanies.statement.marked')}</DoneNotice> : null}
      <h1 id="ops-statement-title">
        {t('opsCompanies.statement.heading', { name: company.name, month: page.monthName })}
      </h1>
      <dl className="ops-details">
        <dt>{t('opsCompanies.fields.taxOffice')}</dt>
        <dd>{company.taxOffice}</dd>
        <dt>{t('opsCompanies.fields.taxNumber')}</dt>
        <dd>{company.taxNumber}</dd>
        <dt>{t('opsCompanies.fields.billingAddress')}</dt>
        <dd className="ops-address">{company.billingAddress}</dd>
        <dt>{t('opsCompanies.columns.rate')}</dt>
        <dd>{company.rate}</dd>
        <dt>{t('opsCompanies.statements.paid')}</dt>
        <dd>
          {page.paidAt
            ? t('opsCompanies.statement.paidBy', { at: page.paidAt, name: page.paidBy ?? '–' })
            : t('opsCompanies.statements.unpaid')}
        </dd>
      </dl>

      <h2 id="ops-statement-rides">{t('opsCompanies.statement.rides')}</h2>
      {page.rides.length === 0 ? (
        <p>{t('opsCompanies.statement.noRides')}</p>
      ) : (
        <OpsTable
          id="ops-statement-rides-caption"
          caption={t('opsCompanies.statement.ridesCaption')}
        >
          {head(t('opsCompanies.csv.commission'))}
          <tbody>{page.rides.map((line) => row(line, false))}</tbody>
        </OpsTable>
      )}

      <h2 id="ops-statement-cancellations">{t('opsCompanies.statement.cancellations')}</h2>
      {page.cancellations.length === 0 ? (
        <p>{t('opsCompanies.statement.noCancellations')}</p>
      ) : (
        <OpsTable
          id="ops-statement-cancellations-caption"
          caption={t('opsCompanies.statement.cancellationsCaption')}
        >
          {head(t('opsCompanies.csv.kept'))}
          <tbody>{page.cancellations.map((line) => row(line, true))}</tbody>
        </OpsTable>
      )}

      <h2 id="ops-statement-totals">{t('opsCompanies.statement.totalsTitle')}</h2>
      <dl className="ops-details company-statement__totals">
        <dt>{t('opsCompanies.statement.totals.rides')}</dt>
        <dd>{totals.rides}</dd>
        <dt>{t('opsCompanies.statement.totals.kept')}</dt>
        <dd>{totals.kept}</dd>
        <dt>{t('opsCompanies.statement.totals.onAccountDue')}</dt>
        <dd>{totals.onAccountDue}</dd>
        <dt>{t('opsCompanies.statement.totals.paidByCard')}</dt>
        <dd>{totals.paidByCard}</dd>
        {page.commission ? (
          <>
            <dt>{t('opsCompanies.statement.totals.commission')}</dt>
            <dd>{totals.commission}</dd>
          </>
        ) : null}
        <dt>{t('opsCompanies.statement.totals.balance')}</dt>
        <dd>
          <strong>{totals.balance}</strong>
        </dd>
      </dl>
      <p>
        {t(
          page.commission
            ? 'opsCompanies.statement.balanceCommission'
            : 'opsCompanies.statement.balanceNet',
        )}
      </p>

      {page.mayManage && !page.paidAt ? (
        <Form method="post" className="company-statement__actions">
          <p>{t('opsCompanies.statement.markPaidHint')}</p>
          <button type="submit" name="intent" value="markPaid" className="button button--accent">
            {t('opsCompanies.statement.markPaid')}
          </button>
        </Form>
      ) : null}
    </section>
  )
}
