import { useTranslation } from '~/i18n/use-translation'
import { PickupAddress } from '~/components/ops/pickup-address'
import { JobFlight } from '~/components/ops/flight-status'
import { RecordHistory } from '~/components/ops/record-history'
import type { Route } from './+types/booking'
import { opsBookingPageData } from '~/staff/booking-page.server'
import { AssignmentSection } from '~/components/ops/assignment-section'
import {
  BookingRefundsSection,
  RefundNotice,
  RefundSecondChargeButton,
} from '~/components/ops-booking-refunds'
import { BookingTipsSection } from '~/components/ops-booking-tips'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return opsBookingPageData(context, request, params.reference)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  const { t } = useTranslation()
  const empty = value === null || value === undefined || value === ''
  return (
    <>
      <dt>{label}</dt>
      <dd>{empty ? t('ops.booking.none') : value}</dd>
    </>
  )
}

export default function OpsBooking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const booking = loaderData
  const status = (code: string | null) =>
    code ? t(`ops.statuses.${code}`, { defaultValue: code }) : t('ops.booking.none')
  return (
    <article aria-labelledby="ops-booking-title">
      <p>
        {/* A document load: the board's data URL lies outside the cookie's path (see the layout). */}
        <a href={`/ops?day=${booking.pickupDay}`}>{t('ops.booking.back')}</a>
      </p>
      <h1 id="ops-booking-title">{t('ops.booking.title', { reference: booking.reference })}</h1>
      <RefundNotice done={booking.refunds.done} />
      <dl className="ops-details">
        <Detail label={t('ops.board.columns.status')} value={status(booking.status)} />
        <Detail
          label={t('ops.board.namesGiven')}
          value={
            booking.namesGiven
              ? t(`ops.booking.namesGivenBy.${booking.namesGiven.by}`, {
                  at: booking.namesGiven.at,
                })
              : null
          }
        />
      </dl>

      <h2>{t('ops.booking.trip')}</h2>
      <dl className="ops-details">
        <Detail
          label={t('ops.booking.when')}
          value={t('ops.booking.whenValue', {
            date: booking.trip.date,
            // A late landing moved the pickup: both times, as the board shows them.
            time: booking.trip.flightStatus?.expectedPickup
              ? t('ops.flight.movedTime', {
                  booked: booking.trip.time,
                  pickup: booking.trip.flightStatus.expectedPickup,
                })
              : booking.trip.time,
          })}
        />
        <Detail label={t('ops.booking.route')} value={booking.trip.route} />
        <Detail
          label={t('ops.booking.pickupAddress')}
          value={
            booking.trip.pickupAddress ? (
              <PickupAddress
                address={booking.trip.pickupAddress}
                mapsUrl={booking.trip.pickupMapsUrl}
              />
            ) : null
          }
        />
        {booking.trip.otherRide ? (
          <Detail
            label={t(`ops.booking.otherRide.${booking.trip.otherRide.kind}`)}
            value={
              <>
                <a href={`/ops/bookings/${booking.trip.otherRide.reference}`}>
                  {booking.trip.otherRide.reference}
                </a>{' '}
                ({booking.trip.otherRide.when})
              </>
            }
          />
        ) : null}
        <Detail
          label={t('ops.booking.distance')}
          value={t('ops.booking.distanceValue', { km: booking.trip.km })}
        />
        <Detail label={t('ops.booking.vehicle')} value={booking.trip.vehicle} />
        <Detail label={t('ops.booking.passengers')} value={booking.trip.passengers} />
        <Detail label={t('ops.booking.luggage')} value={booking.trip.luggage} />
        <Detail
          label={t('ops.booking.flight')}
          value={
            booking.trip.flight && booking.trip.flightStatus ? (
              <>
                {booking.trip.flight}
                <JobFlight flight={booking.trip.flightStatus} />
              </>
            ) : (
              booking.trip.flight
            )
          }
        />
        <Detail label={t('ops.booking.signName')} value={booking.trip.signName} />
        <Detail
          label={t('ops.booking.pickupCode')}
          value={
            booking.trip.pickupCode &&
            (booking.trip.pickupCodeMisses
              ? t('ops.booking.pickupCodeMisses', {
                  code: booking.trip.pickupCode,
                  count: booking.trip.pickupCodeMisses,
                })
              : booking.trip.pickupCode)
          }
        />
        <Detail label={t('ops.booking.notes')} value={booking.trip.notes} />
        <Detail
          label={t('ops.booking.extras')}
          value={booking.trip.extras
            .map((extra) =>
              t('ops.booking.extraValue', {
                name: t(`ops.extras.${extra.code}`, { defaultValue: extra.code }),
                count: extra.quantity,
              }),
            )
            .join(', ')}
        />
      </dl>

      <AssignmentSection reference={booking.reference} dispatch={booking.dispatch} />

      <h2>{t('ops.booking.traveller')}</h2>
      {booking.company ? (
        <p>
          <a href={`/ops/companies/${booking.company.id}`}>{booking.company.label}</a>
        </p>
      ) : null}
      <dl className="ops-details">
        <Detail label={t('ops.booking.name')} value={booking.traveller.name} />
        <Detail
          label={t('ops.booking.email')}
          value={
            booking.traveller.email ? (
              <a href={`mailto:${booking.traveller.email}`}>{booking.traveller.email}</a>
            ) : null
          }
        />
        <Detail
          label={t('ops.booking.phone')}
          value={
            booking.traveller.phone ? (
              <a href={`tel:${booking.traveller.phone.replace(/[^\d+]/g, '')}`}>
                {booking.traveller.phone}
              </a>
            ) : null
          }
        />
        <Detail
          label={t('ops.booking.language')}
          value={t(`ops.languages.${booking.traveller.language}`)}
        />
        <Detail
          label={t('ops.booking.passengerNames')}
          value={booking.traveller.passengers.join(', ')}
        />
      </dl>

      <h2>{t('ops.booking.billing')}</h2>
      <dl className="ops-details">
        <Detail label={t('ops.booking.name')} value={booking.billing.name} />
        <Detail label={t('ops.booking.company')} value={booking.billing.company} />
        {booking.billing.tax ? (
          <Detail
            label={t('invoiceCompany.taxDetails')}
            value={t('invoiceCompany.taxLine', booking.billing.tax)}
          />
        ) : null}
        <Detail label={t('ops.booking.address')} value={booking.billing.address} />
      </dl>

      <h2>{t('ops.booking.price')}</h2>
      <dl className="ops-details">
        <Detail label={t('ops.booking.total')} value={booking.price.total} />
        <Detail label={t('ops.booking.totalEuro')} value={booking.price.totalEuro} />
        {booking.price.promo ? (
          <>
            <Detail label={t('ops.booking.promo')} value={booking.price.promo} />
            <Detail label={t('ops.booking.payable')} value={booking.price.payable} />
          </>
        ) : null}
        <Detail
          label={t('ops.booking.rate')}
          value={t('ops.booking.rateValue', {
            rate: booking.price.rate,
            currency: booking.price.currency,
            date: booking.price.ratesDate,
          })}
        />
        <Detail
          label={t('ops.booking.paymentOption')}
          value={t(`ops.paymentOptions.${booking.price.option}`)}
        />
        <Detail label={t('ops.booking.paid')} value={booking.price.paid} />
        <Detail label={t('ops.booking.cash')} value={booking.price.cash} />
        <Detail label={t('ops.booking.paymentId')} value={booking.price.paymentId} />
        <Detail label={t('ops.booking.confirmedAt')} value={booking.price.confirmedAt} />
      </dl>

      <h2 id="ops-payments-title">{t('ops.booking.attempts')}</h2>
      {booking.payments.length === 0 ? (
        <p>{t('ops.booking.none')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-payments-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('ops.booking.columns.at')}</th>
                <th scope="col">{t('ops.booking.columns.provider')}</th>
                <th scope="col">{t('ops.booking.columns.amount')}</th>
                <th scope="col">{t('ops.booking.columns.status')}</th>
                <th scope="col">{t('ops.booking.columns.refund')}</th>
              </tr>
            </thead>
            <tbody>
              {booking.payments.map((attempt) => (
                <tr key={attempt.id}>
                  <td>{attempt.at}</td>
                  <td>{attempt.provider}</td>
                  <td>{attempt.amount}</td>
                  <td>
                    {t(`ops.attemptStatuses.${attempt.status}`)}
                    {attempt.error ? ` (${attempt.error})` : ''}
                  </td>
                  <td>
                    {booking.refunds.latestByAttempt[attempt.id] ? (
                      t(`ops.refundStatuses.${booking.refunds.latestByAttempt[attempt.id]}`)
                    ) : attempt.refundDue ? (
                      <>
                        {t('ops.booking.refundDue')}
                        {booking.refunds.mayRefund ? (
                          <RefundSecondChargeButton
                            reference={booking.reference}
                            attemptId={attempt.id}
                          />
                        ) : null}
                      </>
                    ) : (
                      '–'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <BookingRefundsSection reference={booking.reference} refunds={booking.refunds} />
      <BookingTipsSection reference={booking.reference} tips={booking.tips} />

      <h2 id="ops-events-title">{t('ops.booking.events')}</h2>
      <div className="ops-table-wrap" role="region" aria-labelledby="ops-events-title" tabIndex={0}>
        <table className="ops-table">
          <thead>
            <tr>
              <th scope="col">{t('ops.booking.columns.at')}</th>
              <th scope="col">{t('ops.booking.columns.from')}</th>
              <th scope="col">{t('ops.booking.columns.to')}</th>
              <th scope="col">{t('ops.booking.columns.note')}</th>
            </tr>
          </thead>
          <tbody>
            {booking.events.map((event) => (
              <tr key={event.id}>
                <td>{event.at}</td>
                <td>{event.from ? status(event.from) : '–'}</td>
                <td>{status(event.to)}</td>
                <td>{event.note ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 id="ops-mails-title">{t('ops.mails.title')}</h2>
      {booking.mayMessage ? (
        <p>
          <a href={`/ops/bookings/${booking.reference}/message`}>{t('ops.message.link')}</a>
        </p>
      ) : null}
      {booking.mails.length === 0 ? (
        <p>{t('ops.booking.none')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-mails-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('ops.booking.columns.at')}</th>
                <th scope="col">{t('ops.mails.columns.kind')}</th>
                <th scope="col">{t('ops.mails.columns.channel')}</th>
                <th scope="col">{t('ops.mails.columns.recipient')}</th>
                <th scope="col">{t('ops.booking.columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {booking.mails.map((mail) => (
                <tr key={mail.id}>
                  <td>{mail.at ?? '–'}</td>
                  <td>{t(`ops.mails.kinds.${mail.kind}`, { defaultValue: mail.kind })}</td>
                  <td>
                    {t(`ops.mails.channels.${mail.channel}`)}
                    {mail.fallback ? ` (${t('ops.mails.fallback')})` : ''}
                  </td>
                  <td>{mail.recipient ?? '–'}</td>
                  <td>{t(`ops.mails.statuses.${mail.status}`, { defaultValue: mail.status })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <RecordHistory entries={booking.audit} />
    </article>
  )
}
