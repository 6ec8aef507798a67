import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/sign-in-code'
import { codeStepAction, codeStepPageData } from '~/staff/second-factor-pages.server'
import { useErrorTitle } from '~/utils/use-error-title'

export async function loader({ context, request }: Route.LoaderArgs) {
  return codeStepPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return codeStepAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsSignInCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const failed = actionData?.failed === true
  useErrorTitle(failed)
  return (
    <section className="ops-sign-in" aria-labelledby="ops-code-title">
      <h1 id="ops-code-title">{t('ops.secondFactor.codeTitle')}</h1>
      <p id="ops-code-lead">{t('ops.secondFactor.codeLead')}</p>
      {failed ? (
        <p className="alert alert--error" role="alert" id="ops-code-error">
          {t('ops.secondFactor.codeFailed')}
        </p>
      ) : null}
      {/* A document POST: its redirect loads the board as a document (see the layout). */}
      <Form
        method="post"
        reloadDocument
        noValidate
        className="form-card"
        aria-labelledby="ops-code-title"
      >
        <input type="hidden" name="next" value={loaderData.next} />
        <div className="field">
          <label htmlFor="ops-code">{t('ops.secondFactor.code')}</label>
          <input
            id="ops-code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            autoFocus
            aria-invalid={failed || undefined}
            aria-describedby={failed ? 'ops-code-lead ops-code-error' : 'ops-code-lead'}
          />
        </div>
        <button type="submit" className="button button--accent button--block">
          {t('ops.secondFactor.codeSubmit')}
        </button>
      </Form>
      <p>
        <a href="/ops/sign-in">{t('ops.secondFactor.startAgain')}</a>
      </p>
    </section>
  )
}
