import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/sign-in'
import { PageHero } from '~/components/page-hero'
import { partnerSignInAction, partnerSignInPageData } from '~/partners/partner-pages.server'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { useErrorTitle } from '~/utils/use-error-title'

// Not hydrated: a plain form.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  return partnerSignInPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return partnerSignInAction(context, request)
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders)
  headers.set('Cache-Control', 'no-store')
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function PartnerSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const failed = actionData?.failed === true
  useErrorTitle(failed)
  return (
    <>
      <PageHero
        title={t('partners.signIn.title')}
        crumbs={[{ label: t('partners.signIn.title') }]}
      />
      <section className="section">
        <div className="container narrow">
          <p>{t('partners.signIn.lead')}</p>
          {loaderData.signedOut && !failed ? (
            <p className="alert alert--success" role="status">
              {t('partners.signIn.signedOut')}
            </p>
          ) : null}
          {failed ? (
            <p className="alert alert--error" role="alert" id="partner-sign-in-error" tabIndex={-1}>
              {actionData && 'retryAt' in actionData
                ? t('partners.signIn.tooManyAttempts', { time: actionData.retryAt })
                : t('partners.signIn.failed')}
            </p>
          ) : null}
          <Form
            method="post"
            reloadDocument
            noValidate
            className="form-card"
            aria-label={t('partners.signIn.title')}
            aria-describedby={failed ? 'partner-sign-in-error' : undefined}
          >
            <div className="field">
              <label htmlFor="partner-email">{t('partners.signIn.email')}</label>
              <input
                id="partner-email"
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
              <label htmlFor="partner-password">{t('partners.signIn.password')}</label>
              <input
                id="partner-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={failed || undefined}
              />
            </div>
            <button type="submit" className="button button--accent button--block">
              {t('partners.signIn.submit')}
            </button>
          </Form>
        </div>
      </section>
    </>
  )
}
