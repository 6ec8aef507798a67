import { Form, Link } from 'react-router'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/login'
import { metaDescriptors } from '~/seo/meta'
import { PageHero } from '~/components/page-hero'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { useErrorTitle } from '~/utils/use-error-title'
import { useErrorText } from '~/forms/error-text'
import { FormErrorSummary } from '~/forms/form-errors'
import { CheckboxField, TextField } from '~/forms/fields'
import type { SignInFields } from '~/accounts/account-forms'
import { loginPageAction, loginPageData } from '~/accounts/account-pages.server'

// Not hydrated: a plain form, nothing that needs a script.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  return loginPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return loginPageAction(context, request)
}

/** No copy kept anywhere, and the Retry-After of a refusal at a limit. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders)
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const notice = actionData ? null : loaderData.notice
  return (
    <>
      <PageHero
        title={t('account.signIn')}
        lead={t('travellerAccount.login.lead')}
        crumbs={[{ label: t('account.signIn') }]}
      />
      <section className="section">
        <div className="container narrow">
          {notice ? (
            <div className="alert alert--success" role="status" tabIndex={-1} autoFocus>
              <p>
                {notice === 'link'
                  ? t('travellerAccount.login.linkSent')
                  : notice === 'deleted'
                    ? t('yourData.deleted')
                    : t('travellerAccount.login.signedOut')}
              </p>
            </div>
          ) : null}
          <SignInForm
            next={loaderData.next}
            lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
            retryAt={actionData && 'retryAt' in actionData ? actionData.retryAt : undefined}
          />
          <p className="form-card__switch">{t('travellerAccount.guestNote')}</p>
        </div>
      </section>
    </>
  )
}

function SignInForm({
  next,
  lastResult,
  retryAt,
}: {
  next: string
  lastResult: SubmissionResult<string[]> | undefined
  retryAt: string | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<SignInFields>({
    id: 'sign-in',
    lastResult,
    shouldValidate: 'onSubmit',
  })
  const text = useErrorText({ '*': { time: retryAt ?? '' } })
  const failed = Object.values(form.allErrors).some((errors) => errors.length > 0)
  useErrorTitle(failed)
  const labels = { email: t('account.email'), password: t('account.password') }
  return (
    <Form
      method="post"
      className="form-card"
      aria-label={t('account.signIn')}
      {...getFormProps(form)}
      noValidate
    >
      <FormErrorSummary form={form} labels={labels} text={text} />
      <input type="hidden" name="next" value={next} />
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
        autoComplete="current-password"
        text={text}
      />
      <CheckboxField field={fields.remember} text={text}>
        {t('account.rememberMe')}
      </CheckboxField>
      <p className="field__hint">{t('travellerAccount.login.rememberHint')}</p>
      <p>
        <Link to="/account/forgot-password" className="text-link">
          {t('account.lostPassword')}
        </Link>
      </p>
      <button
        type="submit"
        name="intent"
        value="password"
        className="button button--accent button--block"
      >
        {t('account.signIn')}
      </button>
      <p className="field__hint" id="sign-in-link-hint">
        {t('travellerAccount.login.linkHint')}
      </p>
      <button
        type="submit"
        name="intent"
        value="link"
        className="button button--ghost button--block"
        aria-describedby="sign-in-link-hint"
      >
        {t('travellerAccount.login.sendLink')}
      </button>
      <p className="form-card__switch">
        {t('account.noAccount')} <Link to="/register">{t('account.register')}</Link>
      </p>
    </Form>
  )
}
