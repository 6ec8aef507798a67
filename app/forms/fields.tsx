import type { ReactNode } from 'react'
import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from '@conform-to/react'
import { useTranslation } from '~/i18n/use-translation'
import { FieldErrors, type ErrorText } from './form-errors'

/**
 * The controls of the conform forms (passenger, payment, contact): each a
 * `.field` with its label, the control, an optional hint below it and its
 * errors beside it. conform sets aria-invalid and points aria-describedby at
 * the errors; a hint is named there too, before them.
 */

/** The ids a control is described by: its hint (if any), then conform's (its errors). */
export function describedBy(hintId: string | undefined, conform: string | undefined) {
  return [hintId ?? '', conform ?? ''].filter(Boolean).join(' ') || undefined
}

export function Hint({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="field__hint">
      {text}
    </p>
  ) : null
}

/** One conform text input with its label, an optional hint below it and its errors. */
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
  /** A date is a calendar where the browser has one, YYYY-MM-DD typed where not. */
  type?: 'text' | 'email' | 'tel' | 'password' | 'date'
  /** Left out, the input has no autocomplete attribute. */
  autoComplete: string | undefined
  hint?: string
  /** Marks the label '(optional)'. */
  optional?: boolean
}) {
  const { t } = useTranslation()
  const hintId = `${field.id}-hint`
  // React wants `key` passed on its own, not spread with the other props.
  const { key, ...props } = getInputProps(field, { type })
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
        aria-describedby={describedBy(hint ? hintId : undefined, props['aria-describedby'])}
      />
      <Hint id={hintId} text={hint} />
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </div>
  )
}

/** One conform textarea (a multi-line field) with its label, an optional hint and its errors. */
export function TextareaField({
  field,
  label,
  text,
  rows,
  hint,
}: {
  field: FieldMetadata<string | undefined>
  label: string
  text: ErrorText
  rows: number
  hint?: string
}) {
  const hintId = `${field.id}-hint`
  const { key, ...props } = getTextareaProps(field)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea
        key={key}
        {...props}
        rows={rows}
        aria-describedby={describedBy(hint ? hintId : undefined, props['aria-describedby'])}
      />
      <Hint id={hintId} text={hint} />
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </div>
  )
}

/** One conform select: a first, empty choice (`placeholder`), then the options given. */
export function SelectField({
  field,
  label,
  text,
  placeholder,
  options,
}: {
  field: FieldMetadata<number | string | undefined>
  label: string
  text: ErrorText
  /** The empty first option's words; without it, one of the options is always chosen. */
  placeholder?: string
  options: readonly { value: string | number; label: ReactNode }[]
}) {
  const { key, ...props } = getSelectProps(field)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select key={key} {...props}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </div>
  )
}

/** One conform checkbox inside its label (the label's text may hold links), and its errors. */
export function CheckboxField({
  field,
  text,
  children,
}: {
  field: FieldMetadata<boolean | undefined>
  text: ErrorText
  /** The label's text. */
  children: ReactNode
}) {
  const { key, ...props } = getInputProps(field, { type: 'checkbox' })
  return (
    <div className="field field--check">
      <label className="checkbox" htmlFor={field.id}>
        <input key={key} {...props} />
        <span>{children}</span>
      </label>
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </div>
  )
}
