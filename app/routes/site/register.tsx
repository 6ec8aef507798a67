import { Form, Link } from 'react-router'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/register'
import { metaDescriptors } from '~/seo/meta'
import { PageHero } from '~/components/page-hero'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { useErrorTitle } from '~/utils/use-error-title'
import { useErrorText } from '~/forms/error-text'
import { FormErrorSummary } from '~/forms/form-errors'
import { TextField } from '~/forms/fields'
import type { RegisterFields } from '~/accounts/account-forms'
import { registerPageAction, registerPageData } from '~/accounts/account-pages.server'

// Not hydrated: a plain form, nothing that needs a script.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  return registerPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return registerPageAction(context, request)
}

/** No copy kept anywhere, and the Retry-After of a refusal at a limit. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders)
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const sent = loaderData.sent && !actionData
  return (
    <>
      <PageHero
        title={t('account.registerTitle')}
        lead={t('travellerAccount.register.lead')}
        crumbs={[{ label: t('account.registerTitle') }]}
      />
      <section className="section">
        <div className="container narrow">
          {sent ? (
            <div className="alert alert--success" role="status" tabIndex={-1} autoFocus>
              <p>{t('travellerAccount.register.sent')}</p>
            </div>
          ) : (
            <RegisterForm
              lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
              retryAt={actionData && 'retryAt' in actionData ? actionData.retryAt : undefined}
            />
          )}
          <p className="form-card__switch">{t('travellerAccount.guestNote')}</p>
        </div>
      </section>
    </>
  )
}

function RegisterForm({
  lastResult,
  retryAt,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  retryAt: string | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<RegisterFields>({
    id: 'register',
    lastResult,
    shouldValidate: 'onSubmit',
  })
  const text = useErrorText({ '*': { time: retryAt ?? '' } })
  const failed = Object.values(form.allErrors).some((errors) => errors.length > 0)
  useErrorTitle(failed)
  const labels = {
    email: t('account.email'),
    password: t('account.password'),
    confirmPassword: t('account.confirmPassword'),
  }
  return (
    <Form
      method="post"
      className="form-card"
      aria-label={t('account.registerTitle')}
      {...getFormProps(form)}
      noValidate
    >
      <FormErrorSummary form={form} labels={labels} text={text} />
      <TextField
        field={fields.email}
        label={labels.email}
        type="email"
        autoComplete="email"
        text={text}
      />
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
      <button type="submit" className="button button--accent button--block">
        {t('account.register')}
      </button>
      <p className="form-card__switch">
        {t('account.haveAccount')} <Link to="/login">{t('account.signIn')}</Link>
      </p>
    </Form>
  )
}
