import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { CheckboxField, SelectField, TextField } from '~/forms/fields'
import { vehicleSchema, type VehicleForm as VehicleValues } from '~/dispatch/dispatch-forms'
import {
  DispatchErrorSummary,
  DispatchFormCheck,
  NumberField,
  useDispatchErrorText,
} from './dispatch-form'

/** The vehicle form, to add one (no "active" box: a new vehicle is active) or edit one. */
export function VehicleForm({
  id,
  lastResult,
  defaultValue,
  classes,
  submitLabel,
  withActive,
  labelledBy,
}: {
  id: string
  lastResult: SubmissionResult<string[]> | undefined
  defaultValue?: Record<string, string>
  classes: { value: string; label: string }[]
  submitLabel: string
  withActive: boolean
  labelledBy: string
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<VehicleValues>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(vehicleSchema),
  })
  return (
    <Form
      method="post"
      className="form-card ops-form"
      aria-labelledby={labelledBy}
      {...getFormProps(form, { ariaAttributes: false })}
    >
      <DispatchErrorSummary
        form={form}
        fields={[
          fields.classCode,
          fields.makeModel,
          fields.plate,
          fields.colour,
          fields.seats,
          fields.luggage,
        ]}
      />
      <SelectField
        field={fields.classCode}
        label={t('ops.dispatch.vehicleFields.class')}
        placeholder={t('ops.dispatch.vehicleFields.classPlaceholder')}
        options={classes}
        text={text}
      />
      <TextField
        field={fields.makeModel}
        label={t('ops.dispatch.vehicleFields.makeModel')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.plate}
        label={t('ops.dispatch.vehicleFields.plate')}
        hint={t('ops.dispatch.vehicleFields.plateHint')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.colour}
        label={t('ops.dispatch.vehicleFields.colour')}
        autoComplete="off"
        optional
        text={text}
      />
      <NumberField field={fields.seats} label={t('ops.dispatch.vehicleFields.seats')} text={text} />
      <NumberField
        field={fields.luggage}
        label={t('ops.dispatch.vehicleFields.luggage')}
        text={text}
      />
      {withActive ? (
        <CheckboxField field={fields.active} text={text}>
          {t('ops.dispatch.vehicleFields.active')}
        </CheckboxField>
      ) : null}
      <DispatchFormCheck schema="vehicle" />
      <button type="submit" className="button button--accent">
        {submitLabel}
      </button>
    </Form>
  )
}
