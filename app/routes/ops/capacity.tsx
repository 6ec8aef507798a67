import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, useLocation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/capacity'
import { capacityAction, capacityPageData } from '~/staff/capacity-page.server'
import {
  capacityRulesSchema,
  closedPeriodSchema,
  vehicleBlockSchema,
  type CapacityRulesForm,
  type ClosedPeriodForm,
  type VehicleBlockForm,
} from '~/capacity/capacity-forms'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import { describedBy, SelectField, TextField } from '~/forms/fields'
import { FieldErrors, type ErrorText } from '~/forms/form-errors'
import {
  DispatchErrorSummary,
  DoneNotice,
  NumberField,
  useDispatchErrorText,
} from '~/components/ops/dispatch-form'
import { OpsTable } from '~/components/ops/ops-table'
import { AllowanceSection } from '~/components/ops/allowance-section'
import { CapacityAddForm, RemoveButton, SpanFields } from '~/components/ops/capacity-parts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return capacityPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return capacityAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

type Page = Route.ComponentProps['loaderData']
type Option = { value: string | number; label: string }

export default function OpsCapacity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const page = loaderData
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined)
  return (
    <section aria-labelledby="ops-capacity-title">
      <h1 id="ops-capacity-title">{t('opsCapacity.title')}</h1>
      <p>{t('opsCapacity.lead')}</p>
      {page.mayManage ? null : <p>{t('opsCapacity.readOnly')}</p>}
      {page.done && !actionData ? (
        <DoneNotice>{t(`opsCapacity.done.${page.done}`)}</DoneNotice>
      ) : null}
      {actionData?.gone ? (
        <p className="alert alert--error" role="alert">
          {t(`opsCapacity.gone.${actionData.gone}`)}
        </p>
      ) : null}

      <h2 id="ops-capacity-rules-title">{t('opsCapacity.rules.title')}</h2>
      <p>
        {page.updated
          ? t('opsCapacity.rules.updated', { at: page.updated.at, name: page.updated.by })
          : t('opsCapacity.rules.neverSet')}
      </p>
      {page.mayManage ? (
        <RulesForm
          key={page.done === 'rulesSaved' ? location.key : 'capacity-rules'}
          lastResult={resultFor('rules')}
          defaultValue={page.rulesDefaults}
          classes={page.classes}
          limits={page.limits}
        />
      ) : (
        <RulesSummary rules={page.rules} />
      )}

      <h2 id="ops-capacity-periods-title">{t('opsCapacity.periods.title')}</h2>
      <p>{t('opsCapacity.periods.lead')}</p>
      {page.periods.length === 0 ? (
        <p>{t('opsCapacity.periods.empty')}</p>
      ) : (
        <OpsTable id="ops-capacity-periods" caption={t('opsCapacity.periods.caption')}>
          <thead>
            <tr>
              <th scope="col">{t('opsCapacity.columns.from')}</th>
              <th scope="col">{t('opsCapacity.columns.until')}</th>
              <th scope="col">{t('opsCapacity.columns.reasonEn')}</th>
              <th scope="col">{t('opsCapacity.columns.reasonTr')}</th>
              {page.mayManage ? (
                <th scope="col">
                  <span className="visually-hidden">{t('opsCapacity.columns.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {page.periods.map((period) => (
              <tr key={period.id}>
                <td>{period.from}</td>
                <td>{period.until}</td>
                <td lang="en">{period.reasonEn}</td>
                <td lang="tr">{period.reasonTr}</td>
                {page.mayManage ? (
                  <td>
                    <RemoveButton
                      intent="removePeriod"
                      id={period.id}
                      label={t('opsCapacity.periods.removeLabel', {
                        from: period.from,
                        until: period.until,
                      })}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      {page.mayManage ? (
        <>
          <h3 id="ops-capacity-period-add-title">{t('opsCapacity.periods.addTitle')}</h3>
          <PeriodForm
            key={page.done === 'periodAdded' ? location.key : 'capacity-period'}
            lastResult={resultFor('period')}
            page={page}
          />
        </>
      ) : null}

      <h2 id="ops-capacity-blocks-title">{t('opsCapacity.blocks.title')}</h2>
      <p>{t('opsCapacity.blocks.lead')}</p>
      {page.blocks.length === 0 ? (
        <p>{t('opsCapacity.blocks.empty')}</p>
      ) : (
        <OpsTable id="ops-capacity-blocks" caption={t('opsCapacity.blocks.caption')}>
          <thead>
            <tr>
              <th scope="col">{t('opsCapacity.columns.vehicle')}</th>
              <th scope="col">{t('opsCapacity.columns.from')}</th>
              <th scope="col">{t('opsCapacity.columns.until')}</th>
              <th scope="col">{t('opsCapacity.columns.note')}</th>
              {page.mayManage ? (
                <th scope="col">
                  <span className="visually-hidden">{t('opsCapacity.columns.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {page.blocks.map((block) => (
              <tr key={block.id}>
                <th scope="row">{block.plate}</th>
                <td>{block.from}</td>
                <td>{block.until}</td>
                <td>{block.note}</td>
                {page.mayManage ? (
                  <td>
                    <RemoveButton
                      intent="removeBlock"
                      id={block.id}
                      label={t('opsCapacity.blocks.removeLabel', {
                        plate: block.plate,
                        from: block.from,
                      })}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      {page.mayManage ? (
        <>
          <h3 id="ops-capacity-block-add-title">{t('opsCapacity.blocks.addTitle')}</h3>
          {page.vehicles.length === 0 ? (
            <p>{t('opsCapacity.blocks.noVehicles')}</p>
          ) : (
            <BlockForm
              key={page.done === 'blockAdded' ? location.key : 'capacity-block'}
              lastResult={resultFor('block')}
              page={page}
            />
          )}
        </>
      ) : null}

      <AllowanceSection
        allowances={page.allowances}
        mayManage={page.mayManage}
        formKey={page.done === 'allowanceAdded' ? location.key : 'capacity-allowance'}
        lastResult={resultFor('allowance')}
        classes={page.classes}
        times={page.times}
        spanDefaults={page.spanDefaults}
        maxExtraRides={page.limits.extraRides}
      />
    </section>
  )
}

/** The rules as a viewer who may not change them reads them. */
function RulesSummary({ rules }: { rules: Page['rules'] }) {
  const { t } = useTranslation()
  const none = t('opsCapacity.rules.none')
  return (
    <>
      <dl className="ops-details">
        <dt>{t('opsCapacity.rules.fleetLimited')}</dt>
        <dd>{t(rules.fleetLimited ? 'opsCapacity.rules.on' : 'opsCapacity.rules.off')}</dd>
        <dt>{t('opsCapacity.rules.driversLimited')}</dt>
        <dd>{t(rules.driversLimited ? 'opsCapacity.rules.on' : 'opsCapacity.rules.off')}</dd>
        <dt>{t('opsCapacity.rules.minimumNotice')}</dt>
        <dd>{rules.minimumNoticeHours}</dd>
        <dt>{t('opsCapacity.rules.bufferBefore')}</dt>
        <dd>{rules.bufferBeforeMinutes}</dd>
        <dt>{t('opsCapacity.rules.bufferAfter')}</dt>
        <dd>{rules.bufferAfterMinutes}</dd>
      </dl>
      <OpsTable id="ops-capacity-classes" caption={t('opsCapacity.rules.classesCaption')}>
        <thead>
          <tr>
            <th scope="col">{t('opsCapacity.columns.class')}</th>
            <th scope="col">{t('opsCapacity.rules.upgrades')}</th>
            <th scope="col">{t('opsCapacity.rules.perDay')}</th>
            <th scope="col">{t('opsCapacity.rules.perHour')}</th>
          </tr>
        </thead>
        <tbody>
          {rules.classes.map((row) => (
            <tr key={row.code}>
              <th scope="row">{row.title}</th>
              <td>{row.upgrades.length ? row.upgrades.join(', ') : none}</td>
              <td>{row.perDay ?? none}</td>
              <td>{row.perHour ?? none}</td>
            </tr>
          ))}
        </tbody>
      </OpsTable>
    </>
  )
}

/** A class's upgrades: a box for each other class whose cars may drive its rides. */
function UpgradeBoxes({
  field,
  legend,
  options,
  text,
}: {
  field: FieldMetadata<string[] | undefined>
  legend: string
  options: Option[]
  text: ErrorText
}) {
  return (
    <fieldset
      className="choice-options"
      aria-describedby={field.errors ? field.errorId : undefined}
    >
      <legend>{legend}</legend>
      <div className="ops-inline-form">
        {getCollectionProps(field, {
          type: 'checkbox',
          options: options.map((option) => String(option.value)),
        }).map(({ key, ...props }) => (
          <label key={key} className="checkbox" htmlFor={props.id}>
            <input {...props} />
            <span>{options.find((option) => option.value === props.value)?.label}</span>
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </fieldset>
  )
}

/** The rules: the fleet limit, the buffers, and each class's upgrades and caps. */
function RulesForm({
  lastResult,
  defaultValue,
  classes,
  limits,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  defaultValue: Page['rulesDefaults']
  classes: Page['classes']
  limits: Page['limits']
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<CapacityRulesForm>({
    id: 'capacity-rules',
    lastResult,
    defaultValue,
    constraint: getZodConstraint(capacityRulesSchema),
  })
  const upgrades = fields.upgrades.getFieldset()
  const caps = fields.caps.getFieldset()
  const perClass = vehicleClassCodes.map((code) => ({
    code,
    title: classes.find((option) => option.value === code)?.label ?? code,
    upgrades: upgrades[code],
    caps: caps[code].getFieldset(),
  }))
  return (
    <Form
      method="post"
      className="form-card ops-form"
      aria-labelledby="ops-capacity-rules-title"
      {...getFormProps(form, { ariaAttributes: false })}
    >
      <DispatchErrorSummary
        form={form}
        fields={[
          fields.fleetLimited,
          fields.driversLimited,
          fields.minimumNoticeHours,
          fields.bufferBeforeMinutes,
          fields.bufferAfterMinutes,
          ...perClass.flatMap((row) => [row.upgrades, row.caps.perDay, row.caps.perHour]),
        ]}
      />
      <input type="hidden" name="intent" value="rules" />
      <RuleSwitch
        field={fields.fleetLimited}
        label={t('opsCapacity.rules.fleetLimited')}
        hint={t('opsCapacity.rules.fleetLimitedHint')}
        text={text}
      />
      <RuleSwitch
        field={fields.driversLimited}
        label={t('opsCapacity.rules.driversLimited')}
        hint={t('opsCapacity.rules.driversLimitedHint')}
        text={text}
      />
      <NumberField
        field={fields.minimumNoticeHours}
        label={t('opsCapacity.rules.minimumNotice')}
        hint={t('opsCapacity.rules.minimumNoticeHint', limits.notice)}
        text={text}
      />
      <NumberField
        field={fields.bufferBeforeMinutes}
        label={t('opsCapacity.rules.bufferBefore')}
        hint={t('opsCapacity.rules.bufferBeforeHint', { max: limits.buffer })}
        text={text}
      />
      <NumberField
        field={fields.bufferAfterMinutes}
        label={t('opsCapacity.rules.bufferAfter')}
        hint={t('opsCapacity.rules.bufferAfterHint', { max: limits.buffer })}
        text={text}
      />
      <p>{t('opsCapacity.rules.classesLead', { max: limits.cap })}</p>
      {perClass.map((row) => (
        <fieldset key={row.code} className="form-fieldset">
          <legend>{row.title}</legend>
          <UpgradeBoxes
            field={row.upgrades}
            legend={t('opsCapacity.rules.upgrades')}
            options={classes.filter((option) => option.value !== row.code)}
            text={text}
          />
          <div className="form-grid">
            <NumberField
              field={row.caps.perDay}
              label={t('opsCapacity.rules.perDay')}
              text={text}
            />
            <NumberField
              field={row.caps.perHour}
              label={t('opsCapacity.rules.perHour')}
              text={text}
            />
          </div>
        </fieldset>
      ))}
      <button type="submit" className="button button--accent">
        {t('opsCapacity.rules.save')}
      </button>
    </Form>
  )
}

/** A rule's box (the fleet limit, the drivers limit), with what it means below it. */
function RuleSwitch({
  field,
  label,
  hint,
  text,
}: {
  field: FieldMetadata<boolean | undefined>
  label: string
  hint: string
  text: ErrorText
}) {
  const { key, ...props } = getInputProps(field, { type: 'checkbox' })
  const hintId = `${field.id}-hint`
  return (
    <div className="field field--check">
      <label className="checkbox" htmlFor={field.id}>
        <input
          key={key}
          {...props}
          aria-describedby={describedBy(hintId, props['aria-describedby'])}
        />
        <span>{label}</span>
      </label>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </div>
  )
}

/** Adds a closed period, with the reason travellers read in each language. */
function PeriodForm({
  lastResult,
  page,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  page: Page
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<ClosedPeriodForm>({
    id: 'capacity-period',
    lastResult,
    defaultValue: page.spanDefaults,
    constraint: getZodConstraint(closedPeriodSchema),
  })
  return (
    <CapacityAddForm
      form={form}
      labelledBy="ops-capacity-period-add-title"
      intent="addPeriod"
      fields={[
        fields.fromDate,
        fields.fromTime,
        fields.untilDate,
        fields.untilTime,
        fields.reasonEn,
        fields.reasonTr,
      ]}
      submit={t('opsCapacity.periods.add')}
    >
      <SpanFields fields={fields} times={page.times} text={text} />
      <TextField
        field={fields.reasonEn}
        label={t('opsCapacity.fields.reasonEn')}
        hint={t('opsCapacity.fields.reasonHint')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.reasonTr}
        label={t('opsCapacity.fields.reasonTr')}
        autoComplete="off"
        text={text}
      />
    </CapacityAddForm>
  )
}

/** Takes an active vehicle out of service from one time to another. */
function BlockForm({
  lastResult,
  page,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  page: Page
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<VehicleBlockForm>({
    id: 'capacity-block',
    lastResult,
    defaultValue: page.spanDefaults,
    constraint: getZodConstraint(vehicleBlockSchema),
  })
  return (
    <CapacityAddForm
      form={form}
      labelledBy="ops-capacity-block-add-title"
      intent="addBlock"
      fields={[
        fields.vehicleId,
        fields.fromDate,
        fields.fromTime,
        fields.untilDate,
        fields.untilTime,
        fields.note,
      ]}
      submit={t('opsCapacity.blocks.add')}
    >
      <SelectField
        field={fields.vehicleId}
        label={t('opsCapacity.fields.vehicle')}
        placeholder={t('opsCapacity.fields.vehiclePlaceholder')}
        options={page.vehicles}
        text={text}
      />
      <SpanFields fields={fields} times={page.times} text={text} />
      <TextField
        field={fields.note}
        label={t('opsCapacity.fields.note')}
        hint={t('opsCapacity.fields.noteHint')}
        autoComplete="off"
        text={text}
      />
    </CapacityAddForm>
  )
}
