import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/jobs'
import { Form, useSearchParams } from 'react-router'
import { jobsAction, jobsPageData } from '~/staff/jobs-page.server'
import { phoneHref } from '~/config/site'
import { FieldErrors } from '~/forms/form-errors'
import { useErrorText } from '~/forms/error-text'
import type { ErrorText } from '~/forms/error-markup'
import { useErrorTitle } from '~/utils/use-error-title'
import { JobFlight } from '~/components/ops/flight-status'
import { DriverHoursSections } from '~/components/ops/driver-hours'
import { JobOffers } from '~/components/ops/job-offers'
import { SharePosition } from '~/components/ops/share-position'
import { PlacesDatalist } from '~/components/places-datalist'

export async function loader({ context, request }: Route.LoaderArgs) {
  return jobsPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return jobsAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  if (value === null || value === undefined || value === '') return null
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}

/**
 * The traveller's pickup code, asked before "Passenger on board": the driver
 * types what the traveller says, and a wrong code is refused beside the field.
 */
function PickupCodeField({
  reference,
  error,
  text,
}: {
  reference: string
  error: string | null
  text: ErrorText
}) {
  const { t } = useTranslation()
  const id = `pickup-code-${reference}`
  return (
    <div className="field">
      <label htmlFor={id}>{t('ops.dispatch.jobs.code')}</label>
      <p id={`${id}-hint`} className="field__hint">
        {t('ops.dispatch.jobs.codeHint')}
      </p>
      <input
        id={id}
        name="pickupCode"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        size={6}
        className="ops-code-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      <FieldErrors id={`${id}-error`} errors={error ? [error] : undefined} text={text} />
    </div>
  )
}

/**
 * On "Ride finished": a cash tip the traveller handed over, if any (it is the
 * driver's; recorded, it shows in their settlement). Left empty, no tip.
 */
function CashTipField({
  reference,
  currency,
  error,
  text,
}: {
  reference: string
  currency: string
  error: string | null
  text: ErrorText
}) {
  const { t } = useTranslation()
  const id = `cash-tip-${reference}`
  return (
    <div className="field">
      <label htmlFor={id}>
        {t('ops.dispatch.jobs.cashTip', { currency })}{' '}
        <span className="field__optional">{t('forms.optional')}</span>
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {t('ops.dispatch.jobs.cashTipHint')}
      </p>
      <input
        id={id}
        name="cashTip"
        inputMode="decimal"
        autoComplete="off"
        size={8}
        className="ops-code-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      <FieldErrors id={`${id}-error`} errors={error ? [error] : undefined} text={text} />
    </div>
  )
}

/** A driver's own jobs, one card each, readable on a phone without any app. */
export default function OpsJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  // A refused step of a ride, or a refused form of the working hours below.
  const step = actionData && 'refusedReference' in actionData ? actionData : undefined
  const offerRefused =
    actionData && 'offerRefused' in actionData ? actionData.offerRefused : undefined
  const [search] = useSearchParams()
  const hoursReply = actionData && 'driverHours' in actionData ? actionData.driverHours : undefined
  const positionRefused =
    actionData && 'positionRefused' in actionData ? actionData.positionRefused : undefined
  const refused = step?.refusedReference
  const codeError = step?.codeError ?? null
  const tipError = step && 'tipError' in step ? (step.tipError as string) : null
  const text = useErrorText()
  useErrorTitle(codeError !== null || tipError !== null || positionRefused !== undefined)
  return (
    <section aria-labelledby="ops-jobs-title" className="ops-jobs">
      <h1 id="ops-jobs-title">{t('ops.dispatch.jobs.title')}</h1>
      {page.linked ? (
        <p>
          <a href="/ops/jobs/settlement">{t('ops.settlements.own.link')}</a>
        </p>
      ) : null}
      {search.get('offer') === 'accepted' ? (
        <p className="alert alert--success" role="status">
          {t('ops.offers.driver.accepted')}
        </p>
      ) : null}
      {search.get('position') === 'shared' ? (
        <p className="alert alert--success" role="status">
          {t('ops.position.shared')}
        </p>
      ) : null}
      {page.offers.length > 0 ? <JobOffers offers={page.offers} refused={offerRefused} /> : null}
      {!page.linked ? (
        <p>{t('ops.dispatch.jobs.notLinked')}</p>
      ) : page.days.length === 0 ? (
        <p>{t('ops.dispatch.jobs.empty')}</p>
      ) : (
        <>
          <p>{t('ops.dispatch.jobs.lead')}</p>
          {page.days.map((day) => (
            <section key={day.date} aria-labelledby={`ops-jobs-${day.date}`}>
              <h2 id={`ops-jobs-${day.date}`}>{day.label}</h2>
              <ol className="ops-job-list">
                {day.jobs.map((job) => (
                  <li key={job.reference} className="ops-job" id={`job-${job.reference}`}>
                    <h3>{t('ops.dispatch.jobs.job', job)}</h3>
                    {job.flightStatus ? <JobFlight flight={job.flightStatus} /> : null}
                    <p>
                      {t('ops.dispatch.jobs.status')}{' '}
                      <strong>{t(`ops.statuses.${job.status}`)}</strong>
                    </p>
                    <JobPassengerList reference={job.reference} list={job.passengerList} />
                    {refused === job.reference && !codeError && !tipError ? (
                      <p className="alert alert--error" role="alert">
                        {t('ops.dispatch.jobs.outOfOrder')}
                      </p>
                    ) : null}
                    {refused === job.reference && step?.dispatchAlerted ? (
                      <p className="alert alert--error" role="alert">
                        {t('ops.dispatch.jobs.codeAlerted')}
                      </p>
                    ) : null}
                    {job.nextSteps.length ? (
                      <div className="ops-actions">
                        {job.nextSteps.map((step) => (
                          <Form
                            method="post"
                            key={step}
                            noValidate
                            className={
                              step === 'on_board' || step === 'finished'
                                ? 'ops-code-form'
                                : undefined
                            }
                          >
                            <input type="hidden" name="reference" value={job.reference} />
                            {step === 'on_board' && job.asksCode ? (
                              <PickupCodeField
                                reference={job.reference}
                                error={refused === job.reference ? codeError : null}
                                text={text}
                              />
                            ) : null}
                            {step === 'finished' ? (
                              <CashTipField
                                reference={job.reference}
                                currency={job.currency}
                                error={refused === job.reference ? tipError : null}
                                text={text}
                              />
                            ) : null}
                            <button
                              type="submit"
                              name="step"
                              value={step}
                              className={
                                step === 'no_show'
                                  ? 'button button--ghost'
                                  : 'button button--accent'
                              }
                            >
                              {t(`ops.dispatch.jobs.steps.${step}`)}
                            </button>
                          </Form>
                        ))}
                      </div>
                    ) : null}
                    {job.position ? (
                      <SharePosition
                        reference={job.reference}
                        shared={job.position}
                        refused={
                          positionRefused?.reference === job.reference ? positionRefused : null
                        }
                        placeListId="ops-position-places"
                        text={text}
                      />
                    ) : null}
                    <dl className="ops-details">
                      <Fact label={t('ops.dispatch.jobs.reference')} value={job.shownReference} />
                      <Fact label={t('ops.dispatch.jobs.meetingPoint')} value={job.meetingPoint} />
                      <Fact
                        label={t('ops.dispatch.jobs.pickupAddress')}
                        value={job.pickupAddress}
                      />
                      <Fact
                        label={t('ops.dispatch.jobs.map')}
                        value={
                          <a href={job.mapsUrl} target="_blank" rel="noreferrer">
                            {t('ops.dispatch.jobs.openMap', { place: job.exactPickup })}
                          </a>
                        }
                      />
                      <Fact label={t('ops.dispatch.jobs.cash')} value={job.cash} />
                      <Fact label={t('ops.dispatch.jobs.traveller')} value={job.traveller} />
                      <Fact
                        label={t('ops.dispatch.jobs.phone')}
                        value={
                          job.contact ? (
                            <span className="ops-contact">
                              <a className="ops-call" href={phoneHref(job.contact.phone)}>
                                {job.contact.phone}
                              </a>
                              {job.contact.whatsapp ? (
                                <a
                                  className="ops-call"
                                  href={job.contact.whatsapp}
                                  rel="noopener noreferrer"
                                >
                                  {t('ops.dispatch.jobs.whatsapp')}
                                </a>
                              ) : null}
                            </span>
                          ) : null
                        }
                      />
                      <Fact label={t('ops.dispatch.jobs.flight')} value={job.flight} />
                      <Fact label={t('ops.dispatch.jobs.signName')} value={job.signName} />
                      <Fact label={t('ops.dispatch.jobs.passengers')} value={job.passengers} />
                      <Fact label={t('ops.dispatch.jobs.luggage')} value={job.luggage} />
                      <Fact
                        label={t('ops.dispatch.jobs.extras')}
                        value={job.extras
                          .map((extra) =>
                            t('ops.booking.extraValue', {
                              name: t(`ops.extras.${extra.code}`, { defaultValue: extra.code }),
                              count: extra.quantity,
                            }),
                          )
                          .join(', ')}
                      />
                      <Fact label={t('ops.dispatch.jobs.notes')} value={job.notes} />
                      <Fact label={t('ops.dispatch.jobs.vehicle')} value={job.vehicle} />
                    </dl>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </>
      )}
      {page.placeNames.length > 0 ? (
        <PlacesDatalist id="ops-position-places" names={page.placeNames} />
      ) : null}
      {page.hours ? (
        <DriverHoursSections data={page.hours} reply={hoursReply} audience="driver" />
      ) : null}
    </section>
  )
}

/** The job's passenger list: filed (and its trip document), or a call to the office first. */
function JobPassengerList({
  reference,
  list,
}: {
  reference: string
  list:
    | { kind: 'filed'; reference: string; document: boolean }
    | { kind: 'filedByHand'; reference: string }
    | { kind: 'notFiled' }
    | null
}) {
  const { t } = useTranslation()
  if (!list) return null
  if (list.kind === 'notFiled') {
    return (
      <p className="alert alert--error">
        <strong>{t('opsCompliance.driver.notFiled')}</strong>
      </p>
    )
  }
  return (
    <p>
      {t(`opsCompliance.driver.${list.kind}`, { reference: list.reference })}
      {list.kind === 'filed' && list.document ? (
        <>
          {' '}
          <a href={`/ops/bookings/${reference}/uetds-document`} download>
            {t('opsCompliance.driver.document')}
          </a>
        </>
      ) : null}
    </p>
  )
}
