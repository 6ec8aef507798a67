import { discountLabel } from '~/components/booking-summary'
import { Form, Link, useLocation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/booking-received'
import { metaDescriptors } from '~/seo/meta'
import { formatDate, formatMoney, statementMoney } from '~/utils/format'
import { passengerNameRequired } from '~/booking/booking-forms'
import { useErrorText } from '~/forms/error-text'
import { errorId } from '~/forms/error-markup'
import { DriverVoucher } from '~/components/driver-voucher'
import { PrintButton } from '~/components/print-button'
import { NoticeDialog } from '~/components/modal-dialog'
import { ErrorSummary, FieldErrors } from '~/forms/form-errors'
import type { RidePageData } from '~/traveller/ride-page.server'
import { HelpLines } from '~/components/ride/help-lines'
import { FactList } from '~/components/fact-list'
import { RideStatusCard } from '~/components/ride/ride-status-card'
import { MeetingPointCard } from '~/components/ride/meeting-point-card'
import { ManageRideCard, ShareRideCard } from '~/components/ride/manage-ride-card'
import { extraLineLabel, extrasLine } from '~/booking/extra-label'
import { returnRideFacts } from '~/booking/ride-label'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'
import { forgetPaymentReturn } from '~/booking/payment-return.server'
import { receivedPageAction, receivedPageData } from '~/traveller/received-page.server'
import { PassengerIdentityFields } from '~/components/passenger-identity-fields'

/** The fields of one passenger, in the order of the page (and of its error summary). */
const passengerParts = [
  'firstname',
  'lastname',
  'nationality',
  'identityNumber',
  'passportNumber',
] as const

// Not hydrated: app/enhancements/ride-status.ts keeps the ride's status current.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument
export const middleware: Route.MiddlewareFunction[] = [forgetPaymentReturn]

export async function loader({ context, request }: Route.LoaderArgs) {
  return receivedPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return receivedPageAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function BookingReceived({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { view, order, passenger, language, links, help, ride } = loaderData
  const { payment } = view
  const cancelled = ride.status.status === 'cancelled'
  // A refund is written with its cents, as the cancel page and the e-mail write it.
  const refundMoney = (minor: number) =>
    formatMoney(minor / 100, view.currency, language, { minimumFractionDigits: 2 })
  const money = statementMoney(
    [view.payableMinor, payment.paidMinor, payment.cashMinor, view.promo?.discountMinor ?? 0],
    view.currency,
    language,
  )
  const names = actionData?.names ?? loaderData.names
  const errors = actionData?.errors ?? []
  const refusals = errors.flatMap((error) => passengerParts.map((part) => error[part]))
  const missing = refusals.includes(passengerNameRequired)
  // Besides 'enter every name': each other reason once (too long, control characters).
  const otherRefusals = [...new Set(refusals)].filter(
    (error): error is string => Boolean(error) && error !== passengerNameRequired,
  )
  const text = useErrorText()
  const refused = errors.flatMap((error, index) =>
    passengerParts.flatMap((part) => {
      const message = error[part]
      return message ? [{ id: `passenger-${index}-${part}`, index, part, message }] : []
    }),
  )
  // Rendered open by the server, the page behind it inert until a script makes it
  // modal and closes it in place (app/enhancements/server-dialog.ts).
  const dialogOpen = loaderData.completed
  const location = useLocation()
  const dismissParams = new URLSearchParams(location.search)
  dismissParams.delete('completed')
  const dismissQuery = dismissParams.toString()
  const dash = (value: string | null | undefined) => (value && value.trim() ? value : '-')
  // Paid just now: the order went through; any later view: where the ride stands.
  const step = ride.status.timeline.findLast((entry) => entry.done)?.step ?? 'confirmed'
  const heading = cancelled
    ? t('traveller.ride.cancelledTitle')
    : loaderData.firstView
      ? t('received.title')
      : t('received.statusTitle', { status: t(`traveller.ride.steps.${step}`) })
  return (
    <>
      {/* First in the page, so without JavaScript it is read and reached first. */}
      {loaderData.completed ? (
        <NoticeDialog
          id="completed"
          title={t('received.completedTitle')}
          text={t('received.completedText')}
          button={t('received.close')}
          open={dialogOpen}
          dismissHref={`${location.pathname}${dismissQuery ? `?${dismissQuery}` : ''}`}
        />
      ) : null}
      <div className="booking received" inert={dialogOpen}>
        <div className="booking__head">
          <div className="container">
            <h1>{heading}</h1>
            <p className="received__note">{t('received.emailNote', { email: order.email })}</p>
          </div>
        </div>
        <div className="container booking__body received__grid">
          {ride.done ? (
            <DoneNotice done={ride.done} refund={ride.refund} money={refundMoney} />
          ) : null}
          <RideStatusCard
            ride={ride.status}
            refreshHref={ride.refreshHref}
            statusUrl={ride.statusUrl}
          />
          {ride.returnStatus && view.trip.back ? (
            <RideStatusCard
              ride={ride.returnStatus}
              refreshHref={ride.refreshHref}
              headingId="return-ride-title"
              title={t('traveller.ride.returnTitle', {
                from: view.trip.back.pickup.name,
                to: view.trip.back.destination.name,
                date: formatDate(view.trip.back.date, language),
                time: view.trip.back.time,
              })}
            />
          ) : null}
          {cancelled ? null : (
            <MeetingPointCard
              meeting={ride.meeting}
              companyPhone={help.phone}
              pickupCode={ride.pickupCode}
              flight={ride.status.flight}
            />
          )}
          <section className="card" aria-labelledby="order-title">
            <div className="card__body">
              <h2 id="order-title">{t('received.orderTitle')}</h2>
              <FactList
                facts={[
                  [t('received.orderNumber'), order.reference],
                  [t('received.date'), order.date ? formatDate(view.trip.date, language) : '-'],
                  view.promo && [
                    discountLabel(t, view.promo.code),
                    `−${money(view.promo.discountMinor)}`,
                  ],
                  [t('received.total'), money(view.payableMinor)],
                  [
                    t('received.paymentMethod'),
                    payment.onAccount
                      ? t('partners.booking.methodAccount')
                      : order.paymentOption === 'depositCash'
                        ? t('received.depositCash', { depositPercent: payment.depositPercent })
                        : t('received.fullCard'),
                  ],
                  [
                    payment.onAccount
                      ? t('partners.booking.chargedToAccount')
                      : t('received.paidCard'),
                    money(payment.paidMinor),
                  ],
                  // Nothing is collected for a ride that will not happen.
                  !cancelled &&
                    payment.cashMinor > 0 && [t('received.cashDue'), money(payment.cashMinor)],
                ]}
              />
              {cancelled ? (
                ride.refund ? (
                  <p className="received__paid">
                    {t(
                      ride.refund.status === 'succeeded'
                        ? 'traveller.ride.refunded'
                        : 'traveller.ride.refundUnderWay',
                      { amount: refundMoney(ride.refund.amountMinor) },
                    )}
                  </p>
                ) : null
              ) : payment.cashMinor > 0 ? null : (
                <p className="received__paid">{t('received.nothingDue')}</p>
              )}
            </div>
          </section>
          <ManageRideCard online={ride.online} status={ride.status.status} help={help} />
          {cancelled ? null : (
            <section className="card" aria-labelledby="documents-title">
              <div className="card__body">
                <h2 id="documents-title">{t('received.documentsTitle')}</h2>
                <p>{t('received.documentsText')}</p>
                <div className="received__links">
                  <Link className="button button--ghost" to={links.invoice}>
                    {t('received.invoiceLink')}
                  </Link>
                  <Link className="button button--ghost" to={links.voucher}>
                    {t('received.voucherLink')}
                  </Link>
                  <a className="button button--ghost" href={ride.calendarHref} download>
                    {t('traveller.ride.calendarLink')}
                  </a>
                </div>
              </div>
            </section>
          )}
          {cancelled ? null : <ShareRideCard shareUrl={ride.shareUrl} />}
          <section className="card" aria-labelledby="reservation-title">
            <div className="card__body">
              <h2 id="reservation-title">{t('received.reservationTitle')}</h2>
              <FactList
                facts={[
                  [t('received.pickup'), view.trip.pickup.name],
                  view.pickupAddress ? [t('received.pickupAddress'), view.pickupAddress] : null,
                  view.trip.hire
                    ? [t('received.hire'), t('search.hoursOption', { count: view.trip.hire.hours })]
                    : [t('received.dropoff'), view.trip.destination.name],
                  [t('received.pickupDate'), formatDate(view.trip.date, language)],
                  [t('received.pickupTime'), view.trip.time],
                  ...(view.trip.back ? returnRideFacts(t, view.trip.back, language) : []),
                  view.flightNumber ? [t('received.flightNumber'), view.flightNumber] : null,
                  view.signName ? [t('received.signName'), view.signName] : null,
                  [t('received.vehicle'), view.vehicle.title],
                  view.passengers ? [t('received.passengers'), String(view.passengers)] : null,
                  view.luggage !== null ? [t('received.luggage'), String(view.luggage)] : null,
                  [
                    t('received.extras'),
                    extrasLine(
                      t,
                      view.extras.map((extra) => extraLineLabel(t, extra)),
                      Boolean(view.trip.back),
                    ) ?? t('received.none'),
                  ],
                ]}
              />
            </div>
          </section>
          <section className="card" aria-labelledby="passenger-info-title">
            <div className="card__body">
              <h2 id="passenger-info-title">{t('received.passengerTitle')}</h2>
              <FactList
                facts={[
                  [t('received.firstName'), dash(passenger.firstName)],
                  [t('received.lastName'), dash(passenger.lastName)],
                  [t('received.email'), dash(passenger.email)],
                  [t('received.phone'), dash(passenger.phone)],
                  [t('received.address'), dash(passenger.address)],
                  [t('received.city'), dash(passenger.city)],
                  [t('received.country'), dash(passenger.country)],
                  [t('received.zip'), dash(passenger.zipcode)],
                ]}
              />
            </div>
          </section>
          <section className="card received__names" aria-labelledby="names-title">
            <div className="card__body">
              <h2 id="names-title">{t('received.namesTitle')}</h2>
              {loaderData.namesOpen ? (
                <Form method="post" noValidate preventScrollReset>
                  {actionData?.limitReached ? (
                    <div className="alert alert--error" role="alert" tabIndex={-1} autoFocus>
                      <p>{t('received.limitReached')}</p>
                    </div>
                  ) : null}
                  {missing || otherRefusals.length ? (
                    // Focused as the refused post's answer loads; one link per field.
                    <ErrorSummary
                      focus
                      content={{
                        messages: [
                          ...(missing ? [t('received.namesRequired')] : []),
                          ...otherRefusals.map(text),
                        ],
                        links: refused.map(({ id, index, part, message }) => ({
                          target: id,
                          content: `${t(`received.${part}`, { number: index + 1 })} – ${text(message)}`,
                        })),
                      }}
                    />
                  ) : null}
                  <p id="identity-hint">{t('received.identityHint')}</p>
                  <ol className="received__list">
                    {names.map((name, index) => (
                      <li key={`${index}-${names.length}`} className="form-grid">
                        {(['firstname', 'lastname'] as const).map((part) => {
                          const id = `passenger-${index}-${part}`
                          const error = errors[index]?.[part]
                          return (
                            <div className="field" key={part}>
                              <label htmlFor={id}>
                                {t(`received.${part}`, { number: index + 1 })}
                              </label>
                              <input
                                id={id}
                                name={part}
                                defaultValue={name[part]}
                                required
                                autoComplete="off"
                                aria-invalid={error ? true : undefined}
                                aria-describedby={error ? errorId(id) : undefined}
                              />
                              <FieldErrors
                                id={errorId(id)}
                                errors={error ? [error] : undefined}
                                text={text}
                              />
                            </div>
                          )
                        })}
                        <PassengerIdentityFields
                          index={index}
                          passenger={name}
                          given={loaderData.identitiesGiven[index] === true}
                          errors={errors[index]}
                          nationalities={loaderData.nationalities}
                          text={text}
                        />
                      </li>
                    ))}
                  </ol>
                  <div className="booking-step__actions">
                    <button
                      type="submit"
                      name="intent"
                      value="add"
                      className="button button--ghost"
                    >
                      {t('received.addPassenger')}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="complete"
                      className="button button--accent"
                    >
                      {t('received.complete')}
                    </button>
                  </div>
                </Form>
              ) : (
                <ol className="received__list">
                  {names.map((name, index) => (
                    <li key={index}>
                      {name.firstname} {name.lastname}
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </section>
          <section className="card" aria-labelledby="help-title">
            <div className="card__body">
              <h2 id="help-title">{t('received.helpTitle')}</h2>
              <p>{t('received.helpText', { reference: order.reference })}</p>
              <HelpLines help={help} />
            </div>
          </section>
          {cancelled ? null : (
            <div className="received__voucher">
              <div className="received__voucher-actions">
                <PrintButton label={t('received.printVoucher')} only="voucher" />
                <Link to={links.voucher}>{t('received.voucherLink')}</Link>
              </div>
              <DriverVoucher voucher={loaderData.voucher} language={language} headingLevel={2} />
            </div>
          )}
        </div>
      </div>
    </>
  )
}

/** What the action just done changed, said once at the top of the page after its redirect. */
function DoneNotice({
  done,
  refund,
  money,
}: {
  done: NonNullable<RidePageData['done']>
  refund: RidePageData['refund']
  money: (minor: number) => string
}) {
  const { t } = useTranslation()
  const text =
    done !== 'cancelled'
      ? t(`traveller.ride.notices.${done}`)
      : refund?.status === 'failed'
        ? t('traveller.ride.notices.cancelledRefundFailed')
        : refund
          ? t('traveller.ride.notices.cancelledRefund', { amount: money(refund.amountMinor) })
          : t('traveller.ride.notices.cancelled')
  return (
    <div className="alert alert--success received__notice" role="status">
      <p>{text}</p>
    </div>
  )
}
