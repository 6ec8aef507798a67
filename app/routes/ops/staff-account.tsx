import type * as z from 'zod/mini'
import { getFormProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/staff-account'
import { PasswordField } from '~/components/ops/password-field'
import { useErrorText } from '~/forms/error-text'
import { FormCheck } from '~/forms/form-check'
import type { newPasswordSchema } from '~/staff/staff-forms'
import { staffAccountAction, staffAccountPageData } from '~/staff/staff-pages.server'
import { useErrorTitle } from '~/utils/use-error-title'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return staffAccountPageData(context, request, params.id)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return staffAccountAction(context, request, params.id)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsStaffAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { account, sessions, self, done } = loaderData
  const text = useErrorText()
  const [form, fields] = useForm<z.infer<typeof newPasswordSchema>>({
    id: 'new-password',
    lastResult: actionData?.intent === 'resetPassword' ? actionData.result : undefined,
  })
  const refusal = actionData?.refusal
  const passwordRefused = Boolean(fields.password.errors?.length)
  useErrorTitle(Boolean(refusal) || passwordRefused)
  return (
    <article aria-labelledby="ops-account-title">
      <p>
        <a href="/ops/staff">{t('ops.staff.back')}</a>
      </p>
      <h1 id="ops-account-title">{t('ops.staff.accountTitle', { name: account.name })}</h1>
      {done && !actionData ? (
        <p className="alert alert--success" role="status">
          {t(`ops.staff.done.${done}`)}
        </p>
      ) : null}
      {refusal ? (
        <p className="alert alert--error" role="alert">
          {t(`ops.staff.refused.${refusal}`)}
        </p>
      ) : null}
      <dl className="ops-details">
        <dt>{t('ops.staff.email')}</dt>
        <dd>{account.email}</dd>
        <dt>{t('ops.staff.role')}</dt>
        <dd>{t(`ops.roles.${account.role}`)}</dd>
        <dt>{t('ops.staff.columns.state')}</dt>
        <dd>
          {account.disabled
            ? t('ops.staff.disabledSince', { at: account.disabledAt })
            : t('ops.staff.active')}
        </dd>
        <dt>{t('ops.staff.secondFactor')}</dt>
        <dd>
          {t(account.secondFactor ? 'ops.staff.secondFactorOn' : 'ops.staff.secondFactorOff')}
        </dd>
        <dt>{t('ops.staff.since')}</dt>
        <dd>{account.since}</dd>
      </dl>

      <h2 id="ops-sessions-title">{t('ops.staff.sessionsTitle')}</h2>
      {sessions.length === 0 ? (
        <p>{t('ops.staff.noSessions')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-sessions-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('ops.staff.started')}</th>
                <th scope="col">{t('ops.staff.lastSeen')}</th>
                <th scope="col">{t('ops.staff.browser')}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session, index) => (
                <tr key={index}>
                  <td>{session.started}</td>
                  <td>{session.lastSeen}</td>
                  <td>{session.userAgent ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t('ops.staff.actionsTitle')}</h2>
      <div className="ops-actions">
        {sessions.length > 0 ? (
          <Form method="post" reloadDocument={self}>
            <button
              type="submit"
              name="intent"
              value="endSessions"
              className="button button--ghost"
            >
              {t('ops.staff.endSessions')}
            </button>
          </Form>
        ) : null}
        {account.secondFactor ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="removeSecondFactor"
              className="button button--ghost"
            >
              {t('ops.staff.removeSecondFactor')}
            </button>
          </Form>
        ) : null}
        {account.disabled ? (
          <Form method="post">
            <button type="submit" name="intent" value="enable" className="button button--ghost">
              {t('ops.staff.enable')}
            </button>
          </Form>
        ) : self ? null : (
          <Form method="post">
            <button type="submit" name="intent" value="disable" className="button button--ghost">
              {t('ops.staff.disable')}
            </button>
          </Form>
        )}
      </div>

      <h2 id="new-password-title">{t('ops.staff.resetTitle')}</h2>
      <p>{t('ops.staff.resetLead')}</p>
      <Form
        method="post"
        reloadDocument={self}
        className="form-card"
        aria-labelledby="new-password-title"
        {...getFormProps(form, { ariaAttributes: false })}
      >
        <input type="hidden" name="intent" value="resetPassword" />
        <PasswordField
          id={fields.password.id}
          name={fields.password.name}
          errorId={fields.password.errorId}
          errors={fields.password.errors}
          label={t('ops.staff.newPassword')}
          hint={t('ops.staff.passwordHint')}
          text={text}
        />
        <FormCheck
          schema="newPassword"
          sections={['ops.staff.errors']}
          summary={{ mode: 'none' }}
          keepErrorTitle={Boolean(refusal)}
        />
        <button type="submit" className="button button--accent">
          {t('ops.staff.resetSubmit')}
        </button>
      </Form>
    </article>
  )
}
