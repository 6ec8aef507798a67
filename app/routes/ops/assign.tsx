import { Form } from 'react-router'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/assign'
import { assignAction, assignPageData } from '~/staff/assignment-pages.server'
import { assignSchema, type AssignForm } from '~/dispatch/dispatch-forms'
import { SelectField } from '~/forms/fields'
import {
  DispatchErrorSummary,
  DispatchFormCheck,
  useDispatchErrorText,
} from '~/components/ops/dispatch-form'
import { OfferSection } from '~/components/ops/offer-section'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return assignPageData(context, request, params.reference)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return assignAction(context, request, params.reference)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsAssign({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const page = loaderData
  // The assign form's answer, or the offer form's: each form reads its own.
  const reply = actionData && 'result' in actionData ? actionData : undefined
  const offerReply = actionData && 'offerResult' in actionData ? actionData : undefined
  const [form, fields] = useForm<AssignForm>({
    id: 'assign',
    lastResult: reply?.result,
    defaultValue: page.defaults,
    constraint: getZodConstraint(assignSchema),
  })
  const warnings = reply?.warnings ?? null
  return (
    <section aria-labelledby="ops-assign-title">
      <p>
        <a href={`/ops/bookings/${page.reference}`}>{t('ops.dispatch.assign.back')}</a>
      </p>
      <h1 id="ops-assign-title">{t('ops.dispatch.assign.title', { reference: page.reference })}</h1>
      <dl className="ops-details">
        <dt>{t('ops.dispatch.assign.trip')}</dt>
        <dd>{t('ops.dispatch.assign.tripValue', page.trip)}</dd>
        <dt>{t('ops.dispatch.assign.needs')}</dt>
        <dd>{t('ops.dispatch.assign.needsValue', page.trip)}</dd>
        <dt>{t('ops.dispatch.assign.current')}</dt>
        <dd>
          {page.current
            ? t('ops.dispatch.assign.currentValue', page.current)
            : t('ops.dispatch.assign.none')}
        </dd>
      </dl>
      {reply?.stale ? (
        <p className="alert alert--error" role="alert">
          {t('ops.dispatch.assign.stale')}
        </p>
      ) : null}
      {!page.assignable ? (
        <p>{t('ops.dispatch.assign.notAssignable')}</p>
      ) : (
        <>
          {page.drivers.length === 0 ? <p>{t('ops.dispatch.assign.noDrivers')}</p> : null}
          {page.vehicles.length === 0 ? <p>{t('ops.dispatch.assign.noVehicles')}</p> : null}
          <Form
            method="post"
            className="form-card ops-form"
            aria-labelledby="ops-assign-title"
            {...getFormProps(form, { ariaAttributes: false })}
          >
            <DispatchErrorSummary form={form} fields={[fields.driverId, fields.vehicleId]} />
            {warnings ? (
              <div
                className="alert alert--info ops-warnings"
                role="alert"
                aria-labelledby="ops-warnings-title"
              >
                <h2 id="ops-warnings-title">{t('ops.dispatch.assign.warningsTitle')}</h2>
                <ul>
                  {warnings.texts.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
                <p>{t('ops.dispatch.assign.warningsLead')}</p>
              </div>
            ) : null}
            {/* The version this form was built from, always the loader's (never a stale echo). */}
            <input type="hidden" name="version" value={page.version} />
            <SelectField
              field={fields.driverId}
              label={t('ops.dispatch.assign.driver')}
              placeholder={t('ops.dispatch.assign.driverPlaceholder')}
              options={page.drivers}
              text={text}
            />
            {page.someOffDuty ? (
              <p className="field__hint">{t('ops.driverHours.assign.hint')}</p>
            ) : null}
            <SelectField
              field={fields.vehicleId}
              label={t('ops.dispatch.assign.vehicle')}
              placeholder={t('ops.dispatch.assign.vehiclePlaceholder')}
              options={page.vehicles}
              text={text}
            />
            <p className="field__hint">{t('ops.dispatch.assign.vehicleHint')}</p>
            <DispatchFormCheck schema="assign" />
            <div className="ops-actions">
              <button type="submit" className="button button--accent">
                {t('ops.dispatch.assign.submit')}
              </button>
              {warnings ? (
                <button
                  type="submit"
                  name="acknowledged"
                  value={warnings.fingerprint}
                  className="button button--ghost"
                >
                  {t('ops.dispatch.assign.anyway')}
                </button>
              ) : null}
            </div>
          </Form>
          {page.current ? (
            <Form method="post" className="ops-unassign">
              <input type="hidden" name="intent" value="unassign" />
              <input type="hidden" name="version" value={page.version} />
              <button type="submit" className="button button--ghost">
                {t('ops.dispatch.assign.unassign')}
              </button>
            </Form>
          ) : null}
        </>
      )}
      <OfferSection
        offering={page.offering}
        lastResult={offerReply?.offerResult}
        refusals={offerReply?.offerRefusals ?? []}
      />
    </section>
  )
}
