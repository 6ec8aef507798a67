import { useTranslation } from 'react-i18next'

/** Translates error keys from the shared schemas, with the values a key needs. */
export type ErrorText = (key: string) => string

/** The errors of one field, beside it, referenced by the field's aria-describedby. */
export function FieldErrors({
  id,
  errors,
  text,
}: {
  id: string
  errors: string[] | undefined
  text: ErrorText
}) {
  if (!errors?.length) return null
  return (
    <p id={id} className="field__error">
      {[...new Set(errors)].map(text).join(' ')}
    </p>
  )
}

/**
 * Every distinct message of a refused form, at its top (the seed shows its
 * messages as one alert; here they are also beside each field).
 */
export function FormErrorSummary({
  errors,
  text,
}: {
  errors: Record<string, string[] | undefined>
  text: ErrorText
}) {
  const { t } = useTranslation()
  const messages = [...new Set(Object.values(errors).flat().filter(Boolean))] as string[]
  if (!messages.length) return null
  return (
    <div className="alert alert--error" role="alert">
      <p>{t('forms.summaryTitle')}</p>
      <ul>
        {messages.map((key) => (
          <li key={key}>{text(key)}</li>
        ))}
      </ul>
    </div>
  )
}
