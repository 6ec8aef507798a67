import { Form, Link, data } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/register'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { PageHero } from '~/components/page-hero'
import { AccountsNotice } from '~/components/accounts-notice'
import { staticPageHandle } from '~/utils/hydrate-handle'

// Not hydrated: a plain form, nothing that needs a script.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  const { meta } = pageContext(context, request)
  return { meta: meta('register') }
}

/** No accounts exist: the form is visual; its answer says so and keeps what was typed. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const kept = Object.fromEntries(
    ['username', 'email', 'phone'].map((name) => [name, String(form.get(name) ?? '')]),
  )
  return data({ submitted: true, values: kept }, { status: 501 })
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const values = actionData?.values
  return (
    <>
      <PageHero
        title={t('account.registerTitle')}
        crumbs={[{ label: t('account.registerTitle') }]}
      />
      <section className="section">
        <div className="container narrow">
          {actionData?.submitted ? <AccountsNotice /> : null}
          <Form
            method="post"
            noValidate
            className="form-card"
            aria-label={t('account.registerTitle')}
          >
            <div className="field">
              <label htmlFor="register-username">{t('account.username')}</label>
              <input
                id="register-username"
                name="username"
                autoComplete="username"
                required
                defaultValue={values?.username}
              />
            </div>
            <div className="field">
              <label htmlFor="register-email">{t('account.email')}</label>
              <input
                id="register-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={values?.email}
              />
            </div>
            <div className="field">
              <label htmlFor="register-password">{t('account.password')}</label>
              <input
                id="register-password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
              />
            </div>
            <div className="field">
              <label htmlFor="register-confirm">{t('account.confirmPassword')}</label>
              <input
                id="register-confirm"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                required
              />
            </div>
            <div className="field">
              <label htmlFor="register-phone">{t('account.phone')}</label>
              <input
                id="register-phone"
                name="phone"
                type="tel"
                autoComplete="tel"
                required
                defaultValue={values?.phone}
              />
            </div>
            <button type="submit" className="button button--accent button--block">
              {t('account.register')}
            </button>
            <p className="form-card__switch">
              {t('account.haveAccount')} <Link to="/login">{t('account.signIn')}</Link>
            </p>
          </Form>
        </div>
      </section>
    </>
  )
}
