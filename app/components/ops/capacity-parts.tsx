import { getFormProps, type FieldMetadata, type FormMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { DispatchErrorSummary } from './dispatch-form'
import { useTranslation } from '~/i18n/use-translation'
import { SelectField, TextField } from '~/forms/fields'
import type { ErrorText } from '~/forms/form-errors'

/** The pieces the forms of /ops/capacity share. */

/**
 * One "add" form of the page: a plain POST named by its heading, the
 * summary of refused fields first, its `intent`, its fields and its button.
 */
export function CapacityAddForm({
  form,
  labelledBy,
  intent,
  fields,
  submit,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
  form: FormMetadata<any, string[]>
  labelledBy: string
  intent: string
  /** The fields in the order of the page, for the error summary's links. */
  fields: FieldMetadata<unknown>[]
  submit: string
  children: ReactNode
}) {
  return (
    <Form
      method="post"
      className="form-card ops-form"
      aria-labelledby={labelledBy}
      {...getFormProps(form, { ariaAttributes: false })}
    >
      <DispatchErrorSummary form={form} fields={fields} />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className="button button--accent">
        {submit}
      </button>
    </Form>
  )
}

/** One row's Remove: a form of its own, a plain POST. */
export function RemoveButton({ intent, id, label }: { intent: string; id: number; label: string }) {
  const { t } = useTranslation()
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button--ghost" aria-label={label}>
        {t('opsCapacity.remove')}
      </button>
    </Form>
  )
}

/** From and until, each an Istanbul day and a time of the pickup list. */
export function SpanFields({
  fields,
  times,
  text,
}: {
  fields: {
    fromDate: FieldMetadata<string | undefined>
    fromTime: FieldMetadata<string | undefined>
    untilDate: FieldMetadata<string | undefined>
    untilTime: FieldMetadata<string | undefined>
  }
  times: string[]
  text: ErrorText
}) {
  const { t } = useTranslation()
  const options = times.map((time) => ({ value: time, label: time }))
  const placeholder = t('opsCapacity.fields.timePlaceholder')
  return (
    <>
      <p>{t('opsCapacity.fields.timesHint')}</p>
      <div className="form-grid">
        <TextField
          type="date"
          autoComplete={undefined}
          field={fields.fromDate}
          label={t('opsCapacity.fields.fromDate')}
          text={text}
        />
        <SelectField
          field={fields.fromTime}
          label={t('opsCapacity.fields.fromTime')}
          placeholder={placeholder}
          options={options}
          text={text}
        />
        <TextField
          type="date"
          autoComplete={undefined}
          field={fields.untilDate}
          label={t('opsCapacity.fields.untilDate')}
          text={text}
        />
        <SelectField
          field={fields.untilTime}
          label={t('opsCapacity.fields.untilTime')}
          placeholder={placeholder}
          options={options}
          text={text}
        />
      </div>
    </>
  )
}
