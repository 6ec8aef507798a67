import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/sign-in'
import { signInFormAction, signInPageData } from '~/staff/ops-pages.server'
import { useErrorTitle } from '~/utils/use-error-title'

export async function loader({ context, request }: Route.LoaderArgs) {
  return signInPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return signInFormAction(context, request)
}

/** The layout's headers, and the Retry-After of a refusal at the address's limit. */
export const headers: Route.HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders)
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const failed = actionData?.failed === true
  useErrorTitle(failed)
  return (
    <section className="ops-sign-in" aria-labelledby="ops-sign-in-title">
      <h1 id="ops-sign-in-title">{t('ops.signIn.title')}</h1>
      <p>{t('ops.signIn.lead')}</p>
      {loaderData.signedOut && !failed ? (
        <p className="alert alert--success" role="status">
          {t('ops.signIn.signedOut')}
        </p>
      ) : null}
      {failed ? (
        <p className="alert alert--error" role="alert" id="ops-sign-in-error" tabIndex={-1}>
          {actionData && 'retryAt' in actionData
            ? t('ops.signIn.tooManyAttempts', { time: actionData.retryAt })
            : t('ops.signIn.failed')}
        </p>
      ) : null}
      {/* A document POST: its redirect loads the board as a document (see the layout). */}
      <Form
        method="post"
        reloadDocument
        noValidate
        className="form-card"
        aria-labelledby="ops-sign-in-title"
        aria-describedby={failed ? 'ops-sign-in-error' : undefined}
      >
        <input type="hidden" name="next" value={loaderData.next} />
        <div className="field">
          <label htmlFor="ops-email">{t('ops.signIn.email')}</label>
          <input
            id="ops-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={actionData?.email}
            aria-invalid={failed || undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="ops-password">{t('ops.signIn.password')}</label>
          <input
            id="ops-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={failed || undefined}
          />
        </div>
        <button type="submit" className="button button--accent button--block">
          {t('ops.signIn.submit')}
        </button>
      </Form>
    </section>
  )
}
