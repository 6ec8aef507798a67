import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { TextField } from '~/forms/fields'
import { FieldErrors, type ErrorText } from '~/forms/form-errors'
import { pinSchema, type PinForm } from '~/rates/rate-pin-form'
import { DispatchErrorSummary, useDispatchErrorText } from './dispatch-form'

/** A date or time input with its label, a hint and its errors (conform's). */
function WhenField({
  field,
  type,
  label,
  hint,
  text,
}: {
  field: FieldMetadata<string | undefined>
  type: 'date' | 'time'
  label: string
  hint?: string
  text: ErrorText
}) {
  const { key, ...props } = getInputProps(field, { type })
  const hintId = `${field.id}-hint`
  const describedBy = [hint ? hintId : '', props['aria-describedby'] ?? '']
    .filter(Boolean)
    .join(' ')
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input key={key} {...props} aria-describedby={describedBy || undefined} />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </div>
  )
}

/**
 * An admin's form to pin one currency's rate until a day and time (Istanbul
 * time). The server checks the rate against the source's and the expiry
 * against its clock; a refused form comes back with what was typed.
 */
export function RatePinForm({
  currency,
  lastResult,
  defaults,
  sourceRate,
  band,
  maxDays,
}: {
  currency: string
  lastResult: SubmissionResult<string[]> | undefined
  defaults: { expiresDate: string; expiresTime: string }
  sourceRate: string
  band: { min: string; max: string }
  maxDays: number
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const titleId = `rate-pin-${currency}-title`
  const [form, fields] = useForm<PinForm>({
    id: `rate-pin-${currency}`,
    lastResult,
    defaultValue: { currency, rate: '', ...defaults },
    constraint: getZodConstraint(pinSchema),
  })
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId}>{t('ops.rates.pinTitle', { currency })}</h3>
      <Form
        method="post"
        className="form-card ops-form"
        aria-labelledby={titleId}
        {...getFormProps(form, { ariaAttributes: false })}
      >
        <DispatchErrorSummary
          form={form}
          fields={[fields.rate, fields.expiresDate, fields.expiresTime]}
        />
        <input type="hidden" name="intent" value="pin" />
        <input type="hidden" name={fields.currency.name} value={currency} />
        <TextField
          field={fields.rate}
          label={t('ops.rates.fields.rate', { currency })}
          hint={t('ops.rates.fields.rateHint', { source: sourceRate, ...band })}
          autoComplete="off"
          text={text}
        />
        <WhenField
          field={fields.expiresDate}
          type="date"
          label={t('ops.rates.fields.expiresDate')}
          hint={t('ops.rates.fields.expiresHint', { days: maxDays })}
          text={text}
        />
        <WhenField
          field={fields.expiresTime}
          type="time"
          label={t('ops.rates.fields.expiresTime')}
          text={text}
        />
        <button type="submit" className="button button--accent">
          {t('ops.rates.pin', { currency })}
        </button>
      </Form>
    </section>
  )
}
