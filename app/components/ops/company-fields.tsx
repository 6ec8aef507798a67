import {
  getCollectionProps,
  getFormProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import type * as z from 'zod/mini'
import { useTranslation } from '~/i18n/use-translation'
import { CheckboxField, TextareaField, TextField } from '~/forms/fields'
import { FieldErrors } from '~/forms/form-errors'
import {
  companyPaymentTerms,
  companyRateKinds,
  companySchema,
  partnerPasswordSchema,
  partnerUserSchema,
  type CompanyForm as CompanyValues,
} from '~/companies/company-forms'
import { DispatchErrorSummary, NumberField, useDispatchErrorText } from './dispatch-form'
import { PasswordField } from './password-field'

/** One choice of a few, as radio buttons in a fieldset, with its errors. */
function RadioGroup({
  field,
  legend,
  options,
}: {
  field: FieldMetadata<string | undefined>
  legend: string
  options: { value: string; label: string }[]
}) {
  const text = useDispatchErrorText()
  return (
    <fieldset className="form-fieldset">
      <legend>{legend}</legend>
      <div className="payment-options">
        {getCollectionProps(field, {
          type: 'radio',
          options: options.map((option) => option.value),
        }).map(({ key, ...props }) => (
          <label key={key} className="choice-option" htmlFor={props.id}>
            <input {...props} />
            <span>{options.find((option) => option.value === props.value)?.label}</span>
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </fieldset>
  )
}

/** The company form: to add one (a new company is active) or edit one (with its Active box). */
export function CompanyForm({
  id,
  lastResult,
  defaultValue,
  submitLabel,
  withActive,
  labelledBy,
}: {
  id: string
  lastResult: SubmissionResult<string[]> | undefined
  defaultValue?: Record<string, string>
  submitLabel: string
  withActive: boolean
  labelledBy: string
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<CompanyValues>({
    id,
    lastResult,
    defaultValue: defaultValue ?? {
      rateKind: 'commission',
      paymentTerms: 'card',
      creditLimit: '0',
    },
    constraint: getZodConstraint(companySchema),
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
          fields.taxOffice,
          fields.taxNumber,
          fields.billingAddress,
          fields.contactEmail,
          fields.rateKind,
          fields.ratePercent,
          fields.paymentTerms,
          fields.creditLimit,
        ]}
      />
      <input type="hidden" name="intent" value="save" />
      <TextField
        field={fields.name}
        label={t('opsCompanies.fields.name')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.taxOffice}
        label={t('opsCompanies.fields.taxOffice')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.taxNumber}
        label={t('opsCompanies.fields.taxNumber')}
        hint={t('opsCompanies.fields.taxNumberHint')}
        autoComplete="off"
        text={text}
      />
      <TextareaField
        field={fields.billingAddress}
        label={t('opsCompanies.fields.billingAddress')}
        rows={3}
        text={text}
      />
      <TextField
        field={fields.contactEmail}
        type="email"
        label={t('opsCompanies.fields.contactEmail')}
        hint={t('opsCompanies.fields.contactEmailHint')}
        autoComplete="off"
        text={text}
      />
      <RadioGroup
        field={fields.rateKind}
        legend={t('opsCompanies.fields.rateKind')}
        options={companyRateKinds.map((kind) => ({
          value: kind,
          label: t(`opsCompanies.fields.rateKinds.${kind}`),
        }))}
      />
      <NumberField
        field={fields.ratePercent}
        label={t('opsCompanies.fields.ratePercent')}
        text={text}
      />
      <RadioGroup
        field={fields.paymentTerms}
        legend={t('opsCompanies.fields.paymentTerms')}
        options={companyPaymentTerms.map((terms) => ({
          value: terms,
          label: t(`opsCompanies.terms.${terms}`),
        }))}
      />
      <TextField
        field={fields.creditLimit}
        label={t('opsCompanies.fields.creditLimit')}
        hint={t('opsCompanies.fields.creditLimitHint')}
        autoComplete="off"
        text={text}
      />
      {withActive ? (
        <CheckboxField field={fields.active} text={text}>
          {t('opsCompanies.fields.active')}
        </CheckboxField>
      ) : null}
      <button type="submit" className="button button--accent">
        {submitLabel}
      </button>
    </Form>
  )
}

/** Adds a partner user: name, e-mail and the first password the admin tells them. */
export function PartnerUserForm({
  lastResult,
  labelledBy,
  resetKey,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  labelledBy: string
  resetKey: string
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<z.infer<typeof partnerUserSchema>>({
    id: `partner-user-add-${resetKey}`,
    lastResult,
    constraint: getZodConstraint(partnerUserSchema),
  })
  return (
    <Form
      method="post"
      className="form-card ops-form"
      aria-labelledby={labelledBy}
      {...getFormProps(form, { ariaAttributes: false })}
    >
      <DispatchErrorSummary form={form} fields={[fields.name, fields.email, fields.password]} />
      <input type="hidden" name="intent" value="addUser" />
      <TextField
        field={fields.name}
        label={t('opsCompanies.users.name')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.email}
        type="email"
        label={t('opsCompanies.users.email')}
        autoComplete="off"
        text={text}
      />
      <PasswordField
        id={fields.password.id}
        name={fields.password.name}
        errorId={fields.password.errorId}
        errors={fields.password.errors}
        label={t('opsCompanies.users.password')}
        hint={t('opsCompanies.users.passwordHint')}
        text={text}
      />
      <button type="submit" className="button button--accent">
        {t('opsCompanies.users.add')}
      </button>
    </Form>
  )
}

/** A new password for one partner user (their sessions end). */
export function PartnerPasswordForm({
  userId,
  userName,
  lastResult,
}: {
  userId: number
  userName: string
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<z.infer<typeof partnerPasswordSchema>>({
    id: `partner-password-${userId}`,
    lastResult,
    constraint: getZodConstraint(partnerPasswordSchema),
  })
  return (
    <Form
      method="post"
      className="ops-inline-form"
      aria-label={t('opsCompanies.users.resetFor', { name: userName })}
      {...getFormProps(form, { ariaAttributes: false })}
    >
      <DispatchErrorSummary form={form} fields={[fields.password]} />
      <input type="hidden" name="intent" value="resetPassword" />
      <input type="hidden" name="user" value={userId} />
      <PasswordField
        id={fields.password.id}
        name={fields.password.name}
        errorId={fields.password.errorId}
        errors={fields.password.errors}
        label={t('opsCompanies.users.newPassword', { name: userName })}
        hint={t('opsCompanies.users.passwordHint')}
        text={text}
      />
      <button type="submit" className="button button--ghost">
        {t('opsCompanies.users.reset')}
      </button>
    </Form>
  )
}
