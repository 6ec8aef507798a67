import type { FieldMetadata } from '@conform-to/react'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { SelectField, TextField } from '~/forms/fields'
import type { ErrorText } from '~/forms/form-errors'

/** The pieces the forms of /ops/capacity share. */

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
