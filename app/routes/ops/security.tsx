import { Form, useSearchParams } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/security'
import { securityAction, securityPageData } from '~/staff/second-factor-pages.server'
import { useErrorTitle } from '~/utils/use-error-title'

export async function loader({ context, request }: Route.LoaderArgs) {
  return securityPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return securityAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const failed = actionData?.failed === true
  useErrorTitle(failed)
  const { enabledAt, setup } = loaderData
  return (
    <section aria-labelledby="ops-security-title">
      <h1 id="ops-security-title">{t('ops.secondFactor.title')}</h1>
      {enabledAt ? (
        <>
          {searchParams.get('done') === '1' ? (
            <p className="alert alert--success" role="status">
              {t('ops.secondFactor.turnedOn')}
            </p>
          ) : null}
          <p>{t('ops.secondFactor.onSince', { at: enabledAt })}</p>
          <p>{t('ops.secondFactor.lostPhone')}</p>
        </>
      ) : setup ? (
        <>
          <p>{t('ops.secondFactor.lead')}</p>
          <ol className="ops-steps">
            <li>{t('ops.secondFactor.stepApp')}</li>
            <li>
              {t('ops.secondFactor.stepScan')}
              <figure className="ops-qr">
                {/* Made on the server from our own otpauth address: no outside input. */}
                <div
                  role="img"
                  aria-label={t('ops.secondFactor.qrLabel')}
                  dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
                />
                <figcaption>
                  {t('ops.secondFactor.secretLabel')} <code>{setup.secret}</code>
                </figcaption>
              </figure>
            </li>
            <li>{t('ops.secondFactor.stepCode')}</li>
          </ol>
          {failed ? (
            <p className="alert alert--error" role="alert" id="ops-setup-error">
              {t('ops.secondFactor.setupFailed')}
            </p>
          ) : null}
          <Form method="post" noValidate className="form-card" aria-labelledby="ops-security-title">
            <div className="field">
              <label htmlFor="ops-setup-code">{t('ops.secondFactor.code')}</label>
              <input
                id="ops-setup-code"
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={7}
                required
                aria-invalid={failed || undefined}
                aria-describedby={failed ? 'ops-setup-error' : undefined}
              />
            </div>
            <button type="submit" className="button button--accent">
              {t('ops.secondFactor.turnOn')}
            </button>
          </Form>
        </>
      ) : null}
    </section>
  )
}
