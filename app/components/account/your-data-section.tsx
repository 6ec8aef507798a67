import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { ErrorSummary, FieldErrors } from '~/forms/form-errors'
import { errorId, fieldId, summaryContent } from '~/forms/error-markup'
import { useErrorText } from '~/forms/error-text'
import { deleteAccountFormId } from '~/accounts/delete-account-form'

/**
 * The account page's "Your data" part: the download of everything held about
 * the traveller, and the deletion of the account, a plain POST confirmed by
 * typing the account's e-mail. `refused` is the action's answer to a refused
 * deletion (deleteAccountAction): the e-mail as typed and the errors, shown
 * beside the field and in a summary that takes the focus. `action` is where
 * the form posts (the account page's own address when left out).
 */
export function YourDataSection({
  refused,
  action,
}: {
  refused?: { typed: string; errors: Record<string, string[]> }
  action?: string
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
    <section className="form-card your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{t('yourData.title')}</h2>
      <p>{t('yourData.intro')}</p>

      <h3>{t('yourData.download.title')}</h3>
      <p>{t('yourData.download.text')}</p>
      <p>
        {/* A file, not a page: the browser downloads it without leaving the account page. */}
        <a className="button button--ghost" href="/account/your-data.json" download>
          {t('yourData.download.button')}
        </a>
      </p>

      <h3 id="delete-account-title">{t('yourData.delete.title')}</h3>
      <p>{t('yourData.delete.text')}</p>
      <p>{t('yourData.delete.kept')}</p>
      <Form
        method="post"
        action={action}
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
    </section>
  )
}
