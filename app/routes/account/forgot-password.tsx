import { Form, Link } from 'react-router'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/forgot-password'
import { metaDescriptors } from '~/seo/meta'
import { PageHero } from '~/components/page-hero'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { useErrorTitle } from '~/utils/use-error-title'
import { useErrorText } from '~/forms/error-text'
import { FormErrorSummary } from '~/forms/form-errors'
import { TextField } from '~/forms/fields'
import type { EmailOnlyFields } from '~/accounts/account-forms'
import { forgotPageAction, forgotPageData } from '~/accounts/account-pages.server'

// Not hydrated: a plain form, nothing that needs a script.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  return forgotPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return forgotPageAction(context, request)
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders)
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <PageHero
        title={t('account.lostPassword')}
        lead={t('travellerAccount.forgot.lead')}
        crumbs={[
          { label: t('account.signIn'), to: '/login' },
          { label: t('account.lostPassword') },
        ]}
      />
      <section className="section">
        <div className="container narrow">
          {loaderData.sent && !actionData ? (
            <div className="alert alert--success" role="status" tabIndex={-1} autoFocus>
              <p>{t('travellerAccount.forgot.sent')}</p>
            </div>
          ) : null}
          <ForgotForm
            lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
            retryAt={actionData && 'retryAt' in actionData ? actionData.retryAt : undefined}
          />
        </div>
      </section>
    </>
  )
}

function ForgotForm({
  lastResult,
  retryAt,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  retryAt: string | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<EmailOnlyFields>({ id: 'forgot-password', lastResult })
  const text = useErrorText({ '*': { time: retryAt ?? '' } })
  useErrorTitle(Object.values(form.allErrors).some((errors) => errors.length > 0))
  const labels = { email: t('account.email') }
  return (
    <Form
      method="post"
      className="form-card"
      aria-label={t('account.lostPassword')}
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
      <button type="submit" className="button button--accent button--block">
        {t('travellerAccount.forgot.submit')}
      </button>
      <p className="form-card__switch">
        <Link to="/login">{t('account.signIn')}</Link>
      </p>
    </Form>
  )
}
