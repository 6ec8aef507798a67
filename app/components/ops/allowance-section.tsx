import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { useTranslation } from '~/i18n/use-translation'
import { allowanceSchema, type AllowanceForm } from '~/capacity/capacity-forms'
import { SelectField, TextField } from '~/forms/fields'
import { NumberField, useDispatchErrorText } from './dispatch-form'
import { OpsTable } from './ops-table'
import { CapacityAddForm, RemoveButton, SpanFields } from './capacity-parts'

/** An allowance as /ops/capacity lists it. */
export interface AllowanceRow {
  id: number
  classTitle: string
  from: string
  until: string
  extraRides: number
  reason: string
  addedBy: string | null
}

interface AllowanceSectionProps {
  allowances: AllowanceRow[]
  mayManage: boolean
  /** The add form's key: a new one after an allowance was added, so it starts empty. */
  formKey: string
  lastResult: SubmissionResult<string[]> | undefined
  classes: { value: string; label: string }[]
  times: string[]
  spanDefaults: Record<string, string>
  maxExtraRides: number
}

/**
 * "Selling over capacity": the rides staff allow beyond the fleet, the
 * drivers and the caps on purpose, and the form that allows more. What the
 * board then shows is said before the button, so nobody allows by accident.
 */
export function AllowanceSection(props: AllowanceSectionProps) {
  const { t } = useTranslation()
  const { allowances, mayManage } = props
  return (
    <>
      <h2 id="ops-capacity-allowances-title">{t('opsCapacity.allowances.title')}</h2>
      <p>{t('opsCapacity.allowances.lead')}</p>
      {allowances.length === 0 ? (
        <p>{t('opsCapacity.allowances.empty')}</p>
      ) : (
        <OpsTable id="ops-capacity-allowances" caption={t('opsCapacity.allowances.caption')}>
          <thead>
            <tr>
              <th scope="col">{t('opsCapacity.columns.class')}</th>
              <th scope="col">{t('opsCapacity.columns.from')}</th>
              <th scope="col">{t('opsCapacity.columns.until')}</th>
              <th scope="col">{t('opsCapacity.columns.extraRides')}</th>
              <th scope="col">{t('opsCapacity.columns.allowanceReason')}</th>
              {mayManage ? (
                <th scope="col">
                  <span className="visually-hidden">{t('opsCapacity.columns.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {allowances.map((allowance) => (
              <tr key={allowance.id}>
                <th scope="row">{allowance.classTitle}</th>
                <td>{allowance.from}</td>
                <td>{allowance.until}</td>
                <td>{allowance.extraRides}</td>
                <td>
                  {allowance.addedBy
                    ? t('opsCapacity.allowances.reasonBy', {
                        reason: allowance.reason,
                        name: allowance.addedBy,
                      })
                    : allowance.reason}
                </td>
                {mayManage ? (
                  <td>
                    <RemoveButton
                      intent="removeAllowance"
                      id={allowance.id}
                      label={t('opsCapacity.allowances.removeLabel', {
                        vehicleClass: allowance.classTitle,
                        from: allowance.from,
                      })}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      {mayManage ? (
        <>
          <h3 id="ops-capacity-allowance-add-title">{t('opsCapacity.allowances.addTitle')}</h3>
          <AllowanceAddForm key={props.formKey} {...props} />
        </>
      ) : null}
    </>
  )
}

function AllowanceAddForm({
  lastResult,
  classes,
  times,
  spanDefaults,
  maxExtraRides,
}: AllowanceSectionProps) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<AllowanceForm>({
    id: 'capacity-allowance',
    lastResult,
    defaultValue: { ...spanDefaults, extraRides: '1' },
    constraint: getZodConstraint(allowanceSchema),
  })
  return (
    <CapacityAddForm
      form={form}
      labelledBy="ops-capacity-allowance-add-title"
      intent="addAllowance"
      fields={[
        fields.vehicleClass,
        fields.fromDate,
        fields.fromTime,
        fields.untilDate,
        fields.untilTime,
        fields.extraRides,
        fields.reason,
      ]}
      submit={t('opsCapacity.allowances.add')}
    >
      <SelectField
        field={fields.vehicleClass}
        label={t('opsCapacity.fields.vehicleClass')}
        placeholder={t('opsCapacity.fields.classPlaceholder')}
        options={classes}
        text={text}
      />
      <SpanFields fields={fields} times={times} text={text} />
      <NumberField
        field={fields.extraRides}
        label={t('opsCapacity.fields.extraRides')}
        hint={t('opsCapacity.fields.extraRidesHint', { max: maxExtraRides })}
        text={text}
      />
      <TextField
        field={fields.reason}
        label={t('opsCapacity.fields.allowanceReason')}
        hint={t('opsCapacity.fields.allowanceReasonHint')}
        autoComplete="off"
        text={text}
      />
    </CapacityAddForm>
  )
}
