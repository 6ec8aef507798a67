import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/manifest'
import { manifestAction, manifestPageData } from '~/compliance/manifest-page.server'
import { manualFilingSchema } from '~/compliance/manual-filing-form'
import { TextField } from '~/forms/fields'
import {
  DispatchErrorSummary,
  DoneNotice,
  useDispatchErrorText,
} from '~/components/ops/dispatch-form'
import { OpsTable } from '~/components/ops/ops-table'
import { useFilingStateText } from '~/components/ops/filing-state'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return manifestPageData(context, request, params.reference)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return manifestAction(context, request, params.reference)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsManifest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  const stateText = useFilingStateText()
  const text = useDispatchErrorText()
  const [form, fields] = useForm({
    id: 'manual-filing',
    lastResult: actionData?.result,
    constraint: getZodConstraint(manualFilingSchema),
    shouldValidate: 'onSubmit',
    defaultValue: { uetdsReference: page.manual?.reference ?? '' },
  })
  const dash = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? '–' : value
  const { trip } = page
  return (
    <article className="ops-manifest" aria-labelledby="ops-manifest-title">
      <p className="ops-back">
        <Link to={`/ops/bookings/${page.reference}`}>
          {t('opsCompliance.manifest.back', { reference: page.reference })}
        </Link>
      </p>
      <h1 id="ops-manifest-title">
        {t('opsCompliance.manifest.heading', { reference: page.reference })}
      </h1>
      <p>
        {[
          t('opsCompliance.manifest.operator', { name: page.operator.legalName }),
          page.operator.licenceNumber
            ? t('opsCompliance.manifest.licence', { number: page.operator.licenceNumber })
            : null,
          page.operator.taxNumber
            ? t('opsCompliance.manifest.taxNumber', { number: page.operator.taxNumber })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {page.done ? <DoneNotice>{t(`opsCompliance.manifest.done.${page.done}`)}</DoneNotice> : null}
      <p className="ops-manifest__state">
        <strong>{stateText(page.state)}</strong>
      </p>
      <p>
        {page.provider === 'uetds'
          ? t('opsCompliance.manifest.byService')
          : t('opsCompliance.manifest.byHandLead')}
      </p>

      <h2>{t('opsCompliance.manifest.tripHeading')}</h2>
      <dl className="ops-details">
        <dt>{t('opsCompliance.fields.plate')}</dt>
        <dd>{dash(trip.plate)}</dd>
        <dt>{t('opsCompliance.fields.departure')}</dt>
        <dd>{trip.departure}</dd>
        <dt>{t('opsCompliance.fields.end')}</dt>
        <dd>{trip.end}</dd>
        <dt>{t('opsCompliance.fields.from')}</dt>
        <dd>
          {trip.from.text}
          {trip.from.codes
            ? ` (${t('opsCompliance.fields.codes', { codes: trip.from.codes })})`
            : null}
        </dd>
        <dt>{t('opsCompliance.fields.to')}</dt>
        <dd>
          {trip.to.text}
          {trip.to.codes ? ` (${t('opsCompliance.fields.codes', { codes: trip.to.codes })})` : null}
        </dd>
        <dt>{t('opsCompliance.fields.fare')}</dt>
        <dd>{trip.fare}</dd>
        <dt>{t('opsCompliance.fields.companyTripNo')}</dt>
        <dd>{page.reference}</dd>
        {page.uetdsReference ? (
          <>
            <dt>{t('opsCompliance.fields.uetdsReference')}</dt>
            <dd>{page.uetdsReference}</dd>
          </>
        ) : null}
      </dl>
      {page.documentAt ? (
        <p>
          <a href={`/ops/bookings/${page.reference}/uetds-document`} download>
            {t('opsCompliance.manifest.document', { at: page.documentAt })}
          </a>
        </p>
      ) : null}

      {page.gaps.length ? (
        <section aria-labelledby="ops-manifest-gaps">
          <h2 id="ops-manifest-gaps">{t('opsCompliance.manifest.gapsHeading')}</h2>
          <ul>
            {page.gaps.map((gap) => (
              <li key={gap}>{t(`opsCompliance.gapsToDo.${gap}`)}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <OpsTable id="ops-manifest-crew" caption={t('opsCompliance.manifest.crewHeading')}>
        <thead>
          <tr>
            <th scope="col">{t('opsCompliance.fields.name')}</th>
            <th scope="col">{t('opsCompliance.fields.identityNumber')}</th>
            <th scope="col">{t('opsCompliance.fields.sex')}</th>
            <th scope="col">{t('opsCompliance.fields.phone')}</th>
          </tr>
        </thead>
        <tbody>
          {page.crew.length === 0 ? (
            <tr>
              <td colSpan={4}>{t('opsCompliance.manifest.noCrew')}</td>
            </tr>
          ) : null}
          {page.crew.map((member) => (
            <tr key={member.name}>
              <td>{member.name}</td>
              <td>{dash(member.identityNumber)}</td>
              <td>{member.sex ? t(`ops.dispatch.driverFields.sexes.${member.sex}`) : '–'}</td>
              <td>{member.phone}</td>
            </tr>
          ))}
        </tbody>
      </OpsTable>

      <OpsTable
        id="ops-manifest-passengers"
        caption={t('opsCompliance.manifest.passengersHeading', { count: page.party })}
      >
        <thead>
          <tr>
            <th scope="col">{t('opsCompliance.fields.seat')}</th>
            <th scope="col">{t('opsCompliance.fields.name')}</th>
            <th scope="col">{t('opsCompliance.fields.nationality')}</th>
            <th scope="col">{t('opsCompliance.fields.document')}</th>
          </tr>
        </thead>
        <tbody>
          {page.passengers.length === 0 ? (
            <tr>
              <td colSpan={4}>{t('opsCompliance.manifest.noPassengers')}</td>
            </tr>
          ) : null}
          {page.passengers.map((passenger) => (
            <tr key={passenger.seat}>
              <td>{passenger.seat}</td>
              <td>{passenger.name}</td>
              <td>{dash(passenger.nationality)}</td>
              <td>
                {passenger.document
                  ? t(`opsCompliance.documents.${passenger.document.kind}`, {
                      number: passenger.document.number,
                    })
                  : '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </OpsTable>

      {page.provider === 'uetds' ? (
        <Form method="post" className="ops-inline-form">
          <button type="submit" name="intent" value="send" className="button">
            {t('opsCompliance.manifest.sendNow')}
          </button>
        </Form>
      ) : null}

      <section aria-labelledby="ops-manifest-by-hand">
        <h2 id="ops-manifest-by-hand">{t('opsCompliance.manifest.byHandHeading')}</h2>
        {page.manual ? (
          <p>
            {t('opsCompliance.manifest.byHandRecorded', {
              reference: page.manual.reference,
              at: page.manual.at,
              by: page.manual.by ?? '–',
            })}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)}>
          <DispatchErrorSummary form={form} fields={[fields.uetdsReference]} />
          <input type="hidden" name="intent" value="byHand" />
          <TextField
            field={fields.uetdsReference}
            label={t('opsCompliance.manifest.byHandReference')}
            hint={t('opsCompliance.manifest.byHandHint')}
            text={text}
            autoComplete="off"
          />
          <button type="submit" className="button">
            {t('opsCompliance.manifest.byHandSave')}
          </button>
        </Form>
      </section>

      {page.answers.length ? (
        <OpsTable id="ops-manifest-answers" caption={t('opsCompliance.manifest.answersHeading')}>
          <thead>
            <tr>
              <th scope="col">{t('opsCompliance.fields.at')}</th>
              <th scope="col">{t('opsCompliance.fields.operation')}</th>
              <th scope="col">{t('opsCompliance.fields.outcome')}</th>
              <th scope="col">{t('opsCompliance.fields.message')}</th>
            </tr>
          </thead>
          <tbody>
            {page.answers.map((answer, index) => (
              <tr key={index}>
                <td>{answer.at}</td>
                <td>
                  {t(`opsCompliance.operations.${answer.operation}`, {
                    defaultValue: answer.operation,
                  })}
                </td>
                <td>
                  {t(`opsCompliance.outcomes.${answer.outcome}`)}
                  {answer.code !== null && answer.code !== 0 ? ` (${answer.code})` : null}
                </td>
                <td lang="tr">{answer.message}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      ) : null}
    </article>
  )
}
