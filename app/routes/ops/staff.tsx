import type * as z from 'zod/mini'
import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/staff'
import { FormErrorSummary, FieldErrors } from '~/forms/form-errors'
import { PasswordField } from '~/components/ops/password-field'
import { TextField } from '~/forms/fields'
import { useErrorText } from '~/forms/error-text'
import { FormCheck } from '~/forms/form-check'
import { staffRoles } from '~/domain/staff/roles'
import { addStaffSchema } from '~/staff/staff-forms'
import { addStaffAction, staffListPageData } from '~/staff/staff-pages.server'
import { useErrorTitle } from '~/utils/use-error-title'

export async function loader({ context, request }: Route.LoaderArgs) {
  return staffListPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return addStaffAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { accounts, added } = loaderData
  return (
    <section aria-labelledby="ops-staff-title">
      <h1 id="ops-staff-title">{t('ops.staff.title')}</h1>
      {added && !actionData ? (
        <p className="alert alert--success" role="status">
          {t('ops.staff.added', { email: added })}
        </p>
      ) : null}
      <h2 id="ops-accounts-title">{t('ops.staff.accountsTitle')}</h2>
      <div
        className="ops-table-wrap"
        role="region"
        aria-labelledby="ops-accounts-title"
        tabIndex={0}
      >
        <table className="ops-table">
          <thead>
            <tr>
              <th scope="col">{t('ops.staff.columns.name')}</th>
              <th scope="col">{t('ops.staff.columns.email')}</th>
              <th scope="col">{t('ops.staff.columns.role')}</th>
              <th scope="col">{t('ops.staff.columns.state')}</th>
              <th scope="col">{t('ops.staff.columns.sessions')}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id}>
                <td>
                  <a href={`/ops/staff/${account.id}`}>{account.name}</a>
                </td>
                <td>{account.email}</td>
                <td>{t(`ops.roles.${account.role}`)}</td>
                <td>{t(account.disabled ? 'ops.staff.disabled' : 'ops.staff.active')}</td>
                <td>{account.sessions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AddStaffForm lastResult={actionData?.result} />
    </section>
  )
}

function AddStaffForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation()
  const text = useErrorText()
  const [form, fields] = useForm<z.infer<typeof addStaffSchema>>({
    id: 'add-staff',
    lastResult,
    constraint: getZodConstraint(addStaffSchema),
  })
  // The 'Error: ' prefix while any of the server's errors shows.
  const failed = Object.values(form.allErrors).some((errors) => errors?.length)
  useErrorTitle(failed)
  const { key: roleKey, ...roleProps } = getSelectProps(fields.role)
  return (
    <>
      <h2 id="add-staff-title">{t('ops.staff.addTitle')}</h2>
      <Form
        method="post"
        className="form-card"
        aria-labelledby="add-staff-title"
        {...getFormProps(form, { ariaAttributes: false })}
      >
        {failed ? (
          <FormErrorSummary
            form={form}
            labels={{
              name: t('ops.staff.name'),
              email: t('ops.staff.email'),
              role: t('ops.staff.role'),
              password: t('ops.staff.password'),
            }}
            text={text}
          />
        ) : null}
        <TextField field={fields.name} label={t('ops.staff.name')} autoComplete="off" text={text} />
        <TextField
          field={fields.email}
          label={t('ops.staff.email')}
          type="email"
          autoComplete="off"
          text={text}
        />
        <div className="field">
          <label htmlFor={fields.role.id}>{t('ops.staff.role')}</label>
          <select
            key={roleKey}
            {...roleProps}
            defaultValue={fields.role.initialValue ?? 'dispatcher'}
          >
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {t(`ops.roles.${role}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.role.errorId} errors={fields.role.errors} text={text} />
        </div>
        <PasswordField
          id={fields.password.id}
          name={fields.password.name}
          errorId={fields.password.errorId}
          errors={fields.password.errors}
          label={t('ops.staff.password')}
          hint={t('ops.staff.passwordHint')}
          text={text}
        />
        <FormCheck
          schema="addStaff"
          sections={['ops.staff.errors']}
          summary={{
            mode: 'fields',
            title: t('forms.summaryTitle'),
            focusable: true,
            labels: {
              name: t('ops.staff.name'),
              email: t('ops.staff.email'),
              role: t('ops.staff.role'),
              password: t('ops.staff.password'),
            },
          }}
        />
        <button type="submit" className="button button--accent">
          {t('ops.staff.addSubmit')}
        </button>
      </Form>
    </>
  )
}
