import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { CheckboxField, SelectField, TextField } from '~/forms/fields'
import {
  driverSchema,
  offerChannels,
  payRules,
  type DriverForm as DriverValues,
} from '~/dispatch/dispatch-forms'
import { FormCheck } from '~/forms/form-check'
import { DispatchErrorSummary, NumberField, useDispatchErrorText } from './dispatch-form'

/** The driver form, to add one (no "active" box: a new driver is active) or edit one. */
export function DriverForm({
  id,
  lastResult,
  defaultValue,
  accounts,
  vehicles,
  submitLabel,
  withActive,
  labelledBy,
  identityGiven = null,
}: {
  id: string
  lastResult: SubmissionResult<string[]> | undefined
  defaultValue?: Record<string, string>
  accounts: { value: number; label: string }[]
  /** The cars the driver may usually drive. */
  vehicles: { value: number; label: string }[]
  submitLabel: string
  withActive: boolean
  labelledBy: string
  /** The T.C. number stored, by its last digits ('•••• 0146'); null: none entered. */
  identityGiven?: string | null
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<DriverValues>({
    id,
    lastResult,
    // A new driver hears of offers by SMS unless the form says otherwise.
    defaultValue: defaultValue ?? { offerChannel: 'sms' },
    constraint: getZodConstraint(driverSchema),
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
          fields.name,
          fields.phone,
          fields.languages,
          fields.licenceNumber,
          fields.identityNumber,
          fields.documentSex,
          fields.staffAccountId,
          fields.offerChannel,
          fields.usualVehicleId,
          fields.payRule,
          fields.payAmount,
        ]}
      />
      <TextField
        field={fields.name}
        label={t('ops.dispatch.driverFields.name')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.phone}
        type="tel"
        label={t('ops.dispatch.driverFields.phone')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.languages}
        label={t('ops.dispatch.driverFields.languages')}
        hint={t('ops.dispatch.driverFields.languagesHint')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.licenceNumber}
        label={t('ops.dispatch.driverFields.licence')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.identityNumber}
        label={t('ops.dispatch.driverFields.identityNumber')}
        hint={
          identityGiven
            ? t('ops.dispatch.driverFields.identityNumberKept', { number: identityGiven })
            : t('ops.dispatch.driverFields.identityNumberHint')
        }
        optional
        autoComplete="off"
        text={text}
      />
      <SelectField
        field={fields.documentSex}
        label={t('ops.dispatch.driverFields.documentSex')}
        placeholder={t('ops.dispatch.driverFields.documentSexNone')}
        options={(['female', 'male'] as const).map((sex) => ({
          value: sex,
          label: t(`ops.dispatch.driverFields.sexes.${sex}`),
        }))}
        text={text}
      />
      <p className="field__hint">{t('ops.dispatch.driverFields.documentSexHint')}</p>
      <SelectField
        field={fields.staffAccountId}
        label={t('ops.dispatch.driverFields.account')}
        placeholder={t('ops.dispatch.driverFields.accountNone')}
        options={accounts}
        text={text}
      />
      <p className="field__hint">{t('ops.dispatch.driverFields.accountHint')}</p>
      <SelectField
        field={fields.offerChannel}
        label={t('ops.offers.fields.channel')}
        options={offerChannels.map((channel) => ({
          value: channel,
          label: t(`ops.offers.channels.${channel}`),
        }))}
        text={text}
      />
      <SelectField
        field={fields.usualVehicleId}
        label={t('ops.offers.fields.usualVehicle')}
        placeholder={t('ops.offers.fields.usualVehicleNone')}
        options={vehicles}
        text={text}
      />
      <p className="field__hint">{t('ops.offers.fields.usualVehicleHint')}</p>
      <SelectField
        field={fields.payRule}
        label={t('ops.settlements.fields.payRule')}
        placeholder={t('ops.settlements.fields.payRuleNone')}
        options={payRules.map((rule) => ({
          value: rule,
          label: t(`ops.settlements.rules.${rule}`),
        }))}
        text={text}
      />
      <NumberField
        field={fields.payAmount}
        label={t('ops.settlements.fields.payAmount')}
        hint={t('ops.settlements.fields.payAmountHint')}
        text={text}
      />
      {withActive ? (
        <CheckboxField field={fields.active} text={text}>
          {t('ops.dispatch.driverFields.active')}
        </CheckboxField>
      ) : null}
      {/* The pay rule's messages are the settlements' (ops.settlements.errors). */}
      <FormCheck
        schema="driver"
        sections={['ops.dispatch.errors', 'ops.settlements.errors']}
        summary={{ mode: 'submit', title: t('ops.dispatch.errorSummary'), focusable: true }}
      />
      <button type="submit" className="button button--accent">
        {submitLabel}
      </button>
    </Form>
  )
}
