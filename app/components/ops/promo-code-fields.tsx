import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { CheckboxField, TextField } from '~/forms/fields'
import { FieldErrors } from '~/forms/form-errors'
import { promoCodeSchema, type PromoCodeForm as PromoValues } from '~/pricing/promo-code-forms'
import { promoKinds } from '~/domain/pricing/promo'
import {
  CheckboxGroup,
  DispatchErrorSummary,
  NumberField,
  useDispatchErrorText,
} from './dispatch-form'

type Option = { value: string; label: string }

/** The promo code form: to add one (a new code is active) or edit one (with its Active box). */
export function PromoCodeForm({
  id,
  lastResult,
  defaultValue,
  classes,
  rideKinds,
  submitLabel,
  withActive,
  labelledBy,
}: {
  id: string
  lastResult: SubmissionResult<string[]> | undefined
  defaultValue?: Record<string, string | string[]>
  classes: Option[]
  rideKinds: Option[]
  submitLabel: string
  withActive: boolean
  labelledBy: string
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<PromoValues>({
    id,
    lastResult,
    defaultValue: defaultValue ?? { kind: 'percent' },
    constraint: getZodConstraint(promoCodeSchema),
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
          fields.code,
          fields.kind,
          fields.percent,
          fields.amount,
          fields.validFrom,
          fields.validUntil,
          fields.maxUses,
          fields.maxUsesPerEmail,
          fields.minAmount,
        ]}
      />
      <TextField
        field={fields.code}
        label={t('ops.promo.fields.code')}
        hint={t('ops.promo.fields.codeHint')}
        autoComplete="off"
        text={text}
      />
      <fieldset className="field ops-choices">
        <legend>{t('ops.promo.fields.kind')}</legend>
        {getCollectionProps(fields.kind, { type: 'radio', options: [...promoKinds] }).map(
          ({ key, ...props }) => (
            <label key={key} className="checkbox" htmlFor={props.id}>
              <input {...props} />
              <span>{t(`ops.promo.fields.kinds.${props.value}`)}</span>
            </label>
          ),
        )}
        <FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} text={text} />
      </fieldset>
      <NumberField field={fields.percent} label={t('ops.promo.fields.percent')} text={text} />
      <TextField
        field={fields.amount}
        label={t('ops.promo.fields.amount')}
        hint={t('ops.promo.fields.amountHint')}
        autoComplete="off"
        text={text}
      />
      <DateField field={fields.validFrom} label={t('ops.promo.fields.validFrom')} />
      <DateField field={fields.validUntil} label={t('ops.promo.fields.validUntil')} />
      <NumberField field={fields.maxUses} label={t('ops.promo.fields.maxUses')} text={text} />
      <NumberField
        field={fields.maxUsesPerEmail}
        label={t('ops.promo.fields.maxUsesPerEmail')}
        text={text}
      />
      <TextField
        field={fields.minAmount}
        label={t('ops.promo.fields.minAmount')}
        autoComplete="off"
        optional
        text={text}
      />
      <CheckboxGroup
        field={fields.vehicleClasses}
        legend={t('ops.promo.fields.vehicleClasses')}
        hint={t('ops.promo.fields.vehicleClassesHint')}
        options={classes}
      />
      <CheckboxGroup
        field={fields.rideKinds}
        legend={t('ops.promo.fields.rideKinds')}
        hint={t('ops.promo.fields.rideKindsHint')}
        options={rideKinds}
      />
      <CheckboxField field={fields.firstRideOnly} text={text}>
        {t('ops.promo.fields.firstRideOnly')}
      </CheckboxField>
      {withActive ? (
        <CheckboxField field={fields.active} text={text}>
          {t('ops.promo.fields.active')}
        </CheckboxField>
      ) : null}
      <button type="submit" className="button button--accent">
        {submitLabel}
      </button>
    </Form>
  )
}

/** A date input (a calendar where the browser has one; YYYY-MM-DD typed where not). */
function DateField({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const { key, ...props } = getInputProps(field, { type: 'date' })
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        <span className="field__optional"> {t('forms.optional')}</span>
      </label>
      <input key={key} {...props} />
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </div>
  )
}
