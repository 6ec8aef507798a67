import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { ErrorSummary, FieldErrors } from '~/forms/form-errors'
import { errorId, fieldId, summaryContent } from '~/forms/error-markup'
import { useErrorText } from '~/forms/error-text'
import { deleteAccountFormId } from '~/accounts/delete-account-form'
import { RECENT_PROOF_MINUTES, type ProofView } from '~/accounts/account-proof'

/**
 * The account page's "Your data" part, plain forms that work without a
 * script. Downloading everything held and deleting the account are shown
 * only to a holder who proved who they are in the last minutes; otherwise
 * the part asks first ("Confirm it is you": the password again, or a
 * sign-in link by e-mail). For an account whose address is not proved there
 * is nothing to download, and deleting removes the account alone.
 *
 * `refused` is the action's answer to a refused deletion: the e-mail as typed
 * and the errors, shown beside the field and in a summary that takes the
 * focus. `confirmError` is a refused password's message (a key), beside the
 * password; `linkError` a refused request for the link, beside its button;
 * `asked` says the holder came from a download or deletion that needed the
 * confirmation first.
 */
export function YourDataSection({
  verified,
  proof,
  asked = false,
  refused,
  confirmError,
  linkError,
  retryAt,
}: {
  verified: boolean
  proof: ProofView
  asked?: boolean
  refused?: { typed: string; errors: Record<string, string[]> }
  confirmError?: string
  linkError?: string
  retryAt?: string | null
}) {
  const { t } = useTranslation()
  return (
    <section className="form-card your-data" id="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{t('yourData.title')}</h2>
      <p>{verified ? t('yourData.intro') : t('yourData.introUnproved')}</p>
      {proof.recent ? (
        <>
          <p className="field__hint">
            {t(verified ? 'yourData.confirm.until' : 'yourData.confirm.untilUnproved', {
              time: proof.until,
            })}
          </p>
          {verified ? <DownloadPart /> : null}
          <DeletePart verified={verified} refused={refused} />
        </>
      ) : (
        <ConfirmPart
          hasPassword={proof.hasPassword}
          asked={asked}
          passwordError={confirmError}
          linkError={linkError}
          retryAt={retryAt ?? null}
        />
      )}
    </section>
  )
}

function DownloadPart() {
  const { t } = useTranslation()
  return (
    <>
      <h3>{t('yourData.download.title')}</h3>
      <p>{t('yourData.download.text')}</p>
      <p>
        {/* The answer is an attachment: the browser downloads it and stays on this page. */}
        <a className="button button--ghost" href="/account/your-data.json">
          {t('yourData.download.button')}
        </a>
      </p>
    </>
  )
}

/** "Confirm it is you": the password again, or a sign-in link by e-mail. */
function ConfirmPart({
  hasPassword,
  asked,
  passwordError,
  linkError,
  retryAt,
}: {
  hasPassword: boolean
  asked: boolean
  passwordError: string | undefined
  linkError: string | undefined
  retryAt: string | null
}) {
  const { t } = useTranslation()
  const text = useErrorText({ '*': { time: retryAt ?? '' } })
  const inputId = fieldId('confirm-identity', 'password')
  const errors = passwordError ? [passwordError] : undefined
  const minutes = RECENT_PROOF_MINUTES
  return (
    <>
      <h3 id="confirm-identity-title">{t('yourData.confirm.title')}</h3>
      {asked ? (
        <div className="alert alert--info" role="alert">
          <p>{t('yourData.confirm.asked', { minutes })}</p>
        </div>
      ) : null}
      <p>
        {hasPassword
          ? t('yourData.confirm.lead', { minutes })
          : t('yourData.confirm.leadNoPassword', { minutes })}
      </p>
      {hasPassword ? (
        <Form method="post" noValidate aria-labelledby="confirm-identity-title">
          <input type="hidden" name="intent" value="confirmIdentity" />
          <div className="field">
            <label htmlFor={inputId}>{t('yourData.confirm.password')}</label>
            <input
              id={inputId}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              autoFocus={errors ? true : undefined}
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? errorId(inputId) : undefined}
            />
            <FieldErrors id={errorId(inputId)} errors={errors} text={text} />
          </div>
          <button type="submit" className="button button--accent">
            {t('yourData.confirm.submit')}
          </button>
        </Form>
      ) : null}
      <Form method="post" className="your-data__link">
        <input type="hidden" name="intent" value="confirmByLink" />
        {linkError ? (
          <p className="field__error" role="alert">
            {text(linkError)}
          </p>
        ) : null}
        <button type="submit" className="button button--ghost">
          {t('yourData.confirm.sendLink')}
        </button>
      </Form>
    </>
  )
}

function DeletePart({
  verified,
  refused,
}: {
  verified: boolean
  refused?: { typed: string; errors: Record<string, string[]> }
}) {
  const { t } = useTranslation()
  const text = useErrorText()
  const inputId = fieldId(deleteAccountFormId, 'confirmEmail')
  const errors = refused?.errors.confirmEmail
  const label = t('yourData.delete.confirmLabel')
  const summary = refused
    ? summaryContent({
        errors: Object.entries(refused.errors),
        fields: [{ name: 'confirmEmail', label, target: inputId }],
        mode: 'fields',
        title: t('forms.summaryTitle'),
        text,
      })
    : null
  return (
    <>
      <h3 id="delete-account-title">{t('yourData.delete.title')}</h3>
      {verified ? (
        <>
          <p>{t('yourData.delete.text')}</p>
          <p>{t('yourData.delete.kept')}</p>
        </>
      ) : (
        <p>{t('yourData.delete.unprovedText')}</p>
      )}
      <Form
        method="post"
        id={deleteAccountFormId}
        noValidate
        aria-labelledby="delete-account-title"
      >
        <ErrorSummary content={summary} focus />
        <input type="hidden" name="intent" value="deleteAccount" />
        <div className="field">
          <label htmlFor={inputId}>{label}</label>
          <input
            id={inputId}
            name="confirmEmail"
            type="email"
            autoComplete="off"
            spellCheck={false}
            required
            defaultValue={refused?.typed ?? ''}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={[`${inputId}-hint`, errors?.length ? errorId(inputId) : '']
              .filter(Boolean)
              .join(' ')}
          />
          <p id={`${inputId}-hint`} className="field__hint">
            {t('yourData.delete.confirmHint')}
          </p>
          <FieldErrors id={errorId(inputId)} errors={errors} text={text} />
        </div>
        <button type="submit" className="button button--danger">
          {t('yourData.delete.button')}
        </button>
      </Form>
    </>
  )
}
