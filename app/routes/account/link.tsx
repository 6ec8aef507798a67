import { Form, Link } from 'react-router'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/link'
import { metaDescriptors } from '~/seo/meta'
import { PageHero } from '~/components/page-hero'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { useErrorTitle } from '~/utils/use-error-title'
import { useErrorText } from '~/forms/error-text'
import { FormErrorSummary } from '~/forms/form-errors'
import { TextField } from '~/forms/fields'
import type { NewPasswordFields } from '~/accounts/account-forms'
import { linkPageAction, linkPageData } from '~/accounts/account-pages.server'

// Not hydrated: a plain form, nothing that needs a script.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  return linkPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return linkPageAction(context, request)
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

const titles = {
  verify: 'travellerAccount.link.verifyTitle',
  'sign-in': 'travellerAccount.link.signInTitle',
  reset: 'travellerAccount.link.resetTitle',
} as const

/** The page an e-mailed link opens: one button (or the new password) that uses the link. */
export default function AccountLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { purpose, token } = loaderData
  const expired = !purpose || !token || actionData?.expired === true
  const title = expired ? t('travellerAccount.link.expiredTitle') : t(titles[purpose])
  useErrorTitle(expired)
  return (
    <>
      <PageHero title={title} crumbs={[{ label: title }]} />
      <section className="section">
        <div className="container narrow">
          {expired ? (
            <div className="alert alert--error" role="alert">
              <p>
                {t('travellerAccount.link.expired')}{' '}
                <Link to="/login">{t('travellerAccount.link.askSignIn')}</Link>,{' '}
                <Link to="/account/forgot-password">{t('travellerAccount.link.askReset')}</Link>.
              </p>
            </div>
          ) : purpose === 'reset' ? (
            <ResetForm
              token={token}
              lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
            />
          ) : (
            <Form method="post" className="form-card" aria-label={title}>
              <p>
                {purpose === 'verify'
                  ? t('travellerAccount.link.verifyLead')
                  : t('travellerAccount.link.signInLead')}
              </p>
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="purpose" value={purpose} />
              <RememberMe />
              <button type="submit" className="button button--accent button--block">
                {purpose === 'verify'
                  ? t('travellerAccount.link.verifySubmit')
                  : t('travellerAccount.link.signInSubmit')}
              </button>
            </Form>
          )}
        </div>
      </section>
    </>
  )
}

function RememberMe() {
  const { t } = useTranslation()
  return (
    <div className="field field--check">
      <label className="checkbox" htmlFor="link-remember">
        <input id="link-remember" type="checkbox" name="remember" />
        <span>{t('account.rememberMe')}</span>
      </label>
      <p className="field__hint">{t('travellerAccount.login.rememberHint')}</p>
    </div>
  )
}

function ResetForm({
  token,
  lastResult,
}: {
  token: string
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<NewPasswordFields>({ id: 'new-password', lastResult })
  const text = useErrorText()
  useErrorTitle(Object.values(form.allErrors).some((errors) => errors.length > 0))
  const labels = {
    password: t('travellerAccount.link.newPassword'),
    confirmPassword: t('travellerAccount.link.confirmNewPassword'),
  }
  return (
    <Form
      method="post"
      className="form-card"
      aria-label={t('travellerAccount.link.resetTitle')}
      {...getFormProps(form)}
      noValidate
    >
      <p>{t('travellerAccount.link.resetLead')}</p>
      <FormErrorSummary form={form} labels={labels} text={text} />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="purpose" value="reset" />
      <TextField
        field={fields.password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={t('travellerAccount.register.passwordHint')}
        text={text}
      />
      <TextField
        field={fields.confirmPassword}
        label={labels.confirmPassword}
        type="password"
        autoComplete="new-password"
        text={text}
      />
      <RememberMe />
      <button type="submit" className="button button--accent button--block">
        {t('travellerAccount.link.resetSubmit')}
      </button>
    </Form>
  )
}
