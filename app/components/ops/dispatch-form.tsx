import type { ReactNode } from 'react'
import {
  getCollectionProps,
  getInputProps,
  type FieldMetadata,
  type FormMetadata,
} from '@conform-to/react'
import { useTranslation } from '~/i18n/use-translation'
import { useErrorText } from '~/forms/error-text'
import { ErrorSummary, FieldErrors, type ErrorText } from '~/forms/form-errors'
import { summaryContent } from '~/forms/error-markup'
import { useErrorTitle } from '~/utils/use-error-title'
import { FormCheck } from '~/forms/form-check'
import { describedBy, Hint } from '~/forms/fields'

/**
 * Pieces the dispatch forms share (drivers, vehicles, assignment): the
 * translated error text, the summary at the top of a refused form, and a
 * whole-number field.
 */

export function useDispatchErrorText(): ErrorText {
  return useErrorText()
}

/**
 * The summary of a submitted form's errors (form errors as text, one link per
 * wrong field), and the 'Error: ' title while they show.
 */
export function DispatchErrorSummary({
  form,
  fields,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
  form: FormMetadata<any, string[]>
  fields: FieldMetadata<unknown>[]
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const summary = summaryContent({
    errors: [[form.id, form.errors], ...fields.map((field) => [field.name, field.errors] as const)],
    fields: fields.map((field) => ({ name: field.name, target: field.id })),
    mode: 'messages',
    title: t('ops.dispatch.errorSummary'),
    text,
  })
  const failed = form.status === 'error' && summary !== null
  useErrorTitle(failed)
  return failed ? <ErrorSummary focus content={summary} /> : null
}

/** What app/enhancements/form-check.ts needs to check a dispatch form as the server does. */
export function DispatchFormCheck({ schema }: { schema: 'driver' | 'vehicle' | 'assign' }) {
  const { t } = useTranslation()
  return (
    <FormCheck
      schema={schema}
      sections={['ops.dispatch.errors']}
      summary={{ mode: 'submit', title: t('ops.dispatch.errorSummary'), focusable: true }}
    />
  )
}

/** A whole-number input with its label and errors (a numeric keypad on phones). */
export function NumberField({
  field,
  label,
  text,
  hint,
}: {
  field: FieldMetadata<number | undefined>
  label: string
  text: ErrorText
  hint?: string
}) {
  const hintId = `${field.id}-hint`
  const { key, ...props } = getInputProps(field, { type: 'text' })
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        key={key}
        {...props}
        inputMode="numeric"
        autoComplete="off"
        className="ops-number"
        aria-describedby={describedBy(hint ? hintId : undefined, props['aria-describedby'])}
      />
      <Hint id={hintId} text={hint} />
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </div>
  )
}

/** A status line after a change (role=status, read out once it appears). */
export function DoneNotice({ children }: { children: ReactNode }) {
  return (
    <p className="alert alert--success" role="status">
      {children}
    </p>
  )
}

/** A group of checkboxes of one name (none ticked: none sent), with its legend and hint. */
export function CheckboxGroup({
  field,
  legend,
  hint,
  options,
}: {
  field: FieldMetadata<string[] | undefined>
  legend: string
  hint: string
  options: { value: string; label: string }[]
}) {
  const text = useDispatchErrorText()
  const hintId = `${field.id}-hint`
  return (
    <fieldset className="field ops-choices" aria-describedby={hintId}>
      <legend>{legend}</legend>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      {getCollectionProps(field, {
        type: 'checkbox',
        options: options.map((option) => option.value),
      }).map(({ key, ...props }) => (
        <label key={key} className="checkbox" htmlFor={props.id}>
          <input {...props} />
          <span>{options.find((option) => option.value === props.value)?.label}</span>
        </label>
      ))}
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </fieldset>
  )
}
