import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { FieldErrors, type ErrorText } from './form-errors'

/**
 * One conform text input with its label, an optional hint below it (described
 * by it) and its errors beside it: the field of the booking forms.
 */
export function TextField({
  field,
  label,
  text,
  type = 'text',
  autoComplete,
  hint,
  optional = false,
}: {
  field: FieldMetadata<string | undefined>
  label: string
  /** Translates the schema's error keys. */
  text: ErrorText
  type?: 'text' | 'email' | 'tel'
  autoComplete: string
  hint?: string
  /** Marks the label '(optional)'. */
  optional?: boolean
}) {
  const { t } = useTranslation()
  const hintId = `${field.id}-hint`
  const { key, ...props } = getInputProps(field, { type })
  const describedBy = [hint ? hintId : '', props['aria-describedby'] ?? '']
    .filter(Boolean)
    .join(' ')
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        {optional ? <span className="field__optional"> {t('forms.optional')}</span> : null}
      </label>
      <input
        key={key}
        {...props}
        autoComplete={autoComplete}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </div>
  )
}
