import { Form, Link, data } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/login'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { PageHero } from '~/components/page-hero'
import { AccountsNotice } from '~/components/accounts-notice'
import { staticPageHandle } from '~/utils/hydrate-handle'

// Not hydrated: a plain form, nothing that needs a script.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  const { meta } = pageContext(context, request)
  return { meta: meta('login') }
}

/** No accounts exist: the form is visual; its answer says so and keeps the e-mail. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  return data({ submitted: true, email: String(form.get('email') ?? '') }, { status: 501 })
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <PageHero title={t('account.signIn')} crumbs={[{ label: t('account.signIn') }]} />
      <section className="section">
        <div className="container narrow">
          {actionData?.submitted ? <AccountsNotice /> : null}
          <Form method="post" noValidate className="form-card" aria-label={t('account.signIn')}>
            <div className="field">
              <label htmlFor="login-email">{t('account.email')}</label>
              <input
                id="login-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={actionData?.email}
              />
            </div>
            <div className="field">
              <label htmlFor="login-password">{t('account.password')}</label>
              <input
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
            </div>
            <div className="form-row">
              <label className="checkbox">
                <input type="checkbox" name="remember" /> {t('account.rememberMe')}
              </label>
              <Link to="/contact" className="text-link">
                {t('account.lostPassword')}
              </Link>
            </div>
            <button type="submit" className="button button--accent button--block">
              {t('account.signIn')}
            </button>
            <p className="form-card__switch">
              {t('account.noAccount')} <Link to="/register">{t('account.register')}</Link>
            </p>
          </Form>
        </div>
      </section>
    </>
  )
}
