import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/compliance'
import { complianceAction, compliancePageData } from '~/compliance/compliance-page.server'
import { companySettingsSchema } from '~/compliance/company-settings-form'
import { TextField } from '~/forms/fields'
import {
  DispatchErrorSummary,
  DoneNotice,
  useDispatchErrorText,
} from '~/components/ops/dispatch-form'
import { OpsTable } from '~/components/ops/ops-table'
import { useFilingStateText } from '~/components/ops/filing-state'

export async function loader({ context, request }: Route.LoaderArgs) {
  return compliancePageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return complianceAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsCompliance({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  const stateText = useFilingStateText()
  const text = useDispatchErrorText()
  const [form, fields] = useForm({
    id: 'company-settings',
    lastResult: actionData?.result,
    constraint: getZodConstraint(companySettingsSchema),
    shouldValidate: 'onSubmit',
    defaultValue: page.company,
  })
  return (
    <section aria-labelledby="ops-compliance-title">
      <h1 id="ops-compliance-title">{t('opsCompliance.title')}</h1>
      {page.done ? <DoneNotice>{t('opsCompliance.company.saved')}</DoneNotice> : null}

      <h2>{t('opsCompliance.lists.heading')}</h2>
      <p>
        {page.provider === 'uetds'
          ? t('opsCompliance.lists.byService', { minutes: page.leadMinutes })
          : t('opsCompliance.lists.byHand')}
      </p>
      {page.csvDays.length ? (
        <ul className="ops-links">
          {page.csvDays.map((day) => (
            <li key={day.day}>
              <a href={`/ops/compliance/uetds.csv?day=${day.day}`} download>
                {t('opsCompliance.lists.csv', { day: day.label })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <OpsTable id="ops-compliance-lists" caption={t('opsCompliance.lists.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('opsCompliance.lists.pickup')}</th>
            <th scope="col">{t('opsCompliance.lists.booking')}</th>
            <th scope="col">{t('opsCompliance.lists.state')}</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.length === 0 ? (
            <tr>
              <td colSpan={3}>{t('opsCompliance.lists.empty')}</td>
            </tr>
          ) : null}
          {page.rows.map((row) => (
            <tr key={row.reference} className={row.urgent ? 'ops-row--problem' : undefined}>
              <td>
                {row.day}, {row.time}
              </td>
              <td>
                <Link to={`/ops/bookings/${row.reference}`}>{row.reference}</Link>
                <br />
                {row.route}
              </td>
              <td>
                {stateText(row.state)}
                {page.mayOpenDocuments ? (
                  <>
                    {' '}
                    <Link to={`/ops/bookings/${row.reference}/manifest`}>
                      {t('opsCompliance.lists.manifest')}
                    </Link>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </OpsTable>

      <h2>{t('opsCompliance.invoices.heading')}</h2>
      {page.invoicing === 'parasut' ? (
        <>
          <p>{t('opsCompliance.invoices.byParasut', { count: page.invoices.issuedLately })}</p>
          <OpsTable id="ops-compliance-invoices" caption={t('opsCompliance.invoices.caption')}>
            <thead>
              <tr>
                <th scope="col">{t('opsCompliance.lists.booking')}</th>
                <th scope="col">{t('opsCompliance.invoices.state')}</th>
              </tr>
            </thead>
            <tbody>
              {page.invoices.rows.length === 0 ? (
                <tr>
                  <td colSpan={2}>{t('opsCompliance.invoices.empty')}</td>
                </tr>
              ) : null}
              {page.invoices.rows.map((row) => (
                <tr key={row.reference}>
                  <td>
                    <Link to={`/ops/bookings/${row.reference}`}>{row.reference}</Link>
                  </td>
                  <td>
                    {t(`opsCompliance.invoices.states.${row.state.kind}`, {
                      ...row.state,
                      step:
                        'step' in row.state
                          ? t(`opsCompliance.invoices.steps.${row.state.step}`, {
                              defaultValue: row.state.step,
                            })
                          : '',
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </OpsTable>
        </>
      ) : (
        <p>{t('opsCompliance.invoices.byHand')}</p>
      )}

      <h2 id="ops-compliance-company">{t('opsCompliance.company.heading')}</h2>
      {page.mayEditCompany ? (
        <Form method="post" {...getFormProps(form)} aria-labelledby="ops-compliance-company">
          <DispatchErrorSummary
            form={form}
            fields={[fields.licenceNumber, fields.taxOffice, fields.taxNumber]}
          />
          <input type="hidden" name="intent" value="company" />
          <TextField
            field={fields.licenceNumber}
            label={t('opsCompliance.company.licenceNumber')}
            hint={t('opsCompliance.company.licenceHint')}
            text={text}
            autoComplete="off"
            optional
          />
          <TextField
            field={fields.taxOffice}
            label={t('opsCompliance.company.taxOffice')}
            text={text}
            autoComplete="off"
            optional
          />
          <TextField
            field={fields.taxNumber}
            label={t('opsCompliance.company.taxNumber')}
            hint={t('opsCompliance.company.taxNumberHint')}
            text={text}
            autoComplete="off"
            optional
          />
          <button type="submit" className="button">
            {t('opsCompliance.company.save')}
          </button>
        </Form>
      ) : (
        <dl className="ops-details">
          <dt>{t('opsCompliance.company.licenceNumber')}</dt>
          <dd>{page.company.licenceNumber || '–'}</dd>
          <dt>{t('opsCompliance.company.taxOffice')}</dt>
          <dd>{page.company.taxOffice || '–'}</dd>
          <dt>{t('opsCompliance.company.taxNumber')}</dt>
          <dd>{page.company.taxNumber || '–'}</dd>
        </dl>
      )}
    </section>
  )
}
