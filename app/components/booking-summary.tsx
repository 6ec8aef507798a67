import { useTranslation } from '~/i18n/use-translation'
import type { BookingView } from '~/booking/booking-view.server'
import type { Language } from '~/i18n/config'
import { formatDate, formatMoney } from '~/utils/format'
import { extraLineLabel } from '~/booking/extra-label'
import { returnLine } from '~/booking/ride-label'

/**
 * The booking as the server holds it, beside every step after the vehicle: the
 * trip, the vehicle, the extras and the running total. The total is a live
 * region, so a screen reader hears it change when an extra is toggled.
 */
export function BookingSummary({ view, language }: { view: BookingView; language: Language }) {
  const { t } = useTranslation()
  const money = (minor: number) => formatMoney(minor / 100, view.currency, language)
  const place = (label: BookingView['trip']['pickup']) => (
    <>
      {label.name}
      {label.area ? <span className="booking-summary__typed">{label.area}</span> : null}
    </>
  )
  return (
    <section className="card booking-summary" aria-labelledby="booking-summary-title">
      <div className="card__body">
        <h2 id="booking-summary-title">{t('booking.summary.title')}</h2>
        <p className="booking-summary__reference">
          {t('booking.summary.reference')} <strong>{view.reference}</strong>
        </p>
        <dl className="trip-summary__list">
          <div>
            <dt>{t('booking.vehicle.from')}</dt>
            <dd>{place(view.trip.pickup)}</dd>
          </div>
          {view.trip.hire ? null : (
            <div>
              <dt>{t('booking.vehicle.to')}</dt>
              <dd>{place(view.trip.destination)}</dd>
            </div>
          )}
          <div>
            <dt>{t('booking.vehicle.date')}</dt>
            <dd>{formatDate(view.trip.date, language)}</dd>
          </div>
          <div>
            <dt>{t('booking.vehicle.time')}</dt>
            <dd>{view.trip.time}</dd>
          </div>
          {view.trip.hire ? (
            <div>
              <dt>{t('booking.vehicle.hire')}</dt>
              <dd>{t('search.hoursOption', { count: view.trip.hire.hours })}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('booking.vehicle.distance')}</dt>
            <dd>{t('booking.vehicle.km', { count: view.trip.km })}</dd>
          </div>
          {view.trip.back ? (
            <div>
              <dt>{t('booking.return.label')}</dt>
              <dd>
                {returnLine(
                  t,
                  {
                    ...view.trip.back,
                    from: view.trip.back.pickup.name,
                    to: view.trip.back.destination.name,
                  },
                  language,
                )}
              </dd>
            </div>
          ) : null}
          {view.passengers ? (
            <div>
              <dt>{t('booking.summary.passengers')}</dt>
              <dd>
                {t('booking.summary.people', { count: view.passengers })},{' '}
                {t('booking.summary.bags', { count: view.luggage ?? 0 })}
              </dd>
            </div>
          ) : null}
        </dl>
        <h3 className="booking-summary__lines-title">{t('booking.summary.price')}</h3>
        <dl className="booking-summary__lines">
          <div>
            <dt>
              {view.trip.back
                ? t('booking.return.vehicleLine', {
                    ride: t('booking.return.outbound'),
                    vehicle: view.vehicle.title,
                  })
                : view.vehicle.title}
            </dt>
            <dd>{money(view.vehicleMinor)}</dd>
          </div>
          {view.trip.back ? (
            <div>
              <dt>
                {t('booking.return.vehicleLine', {
                  ride: t('booking.return.label'),
                  vehicle: view.vehicle.title,
                })}
              </dt>
              <dd>{money(view.trip.back.vehicleMinor)}</dd>
            </div>
          ) : null}
          {view.extras.map((extra) => (
            <div key={extra.code}>
              <dt>
                {extraLineLabel(t, extra)}
                {view.rides === 2 ? `, ${t('booking.return.bothRides')}` : null}
              </dt>
              <dd>{money(extra.minor)}</dd>
            </div>
          ))}
          {view.promo ? (
            <div className="booking-summary__discount">
              <dt>{discountLabel(t, view.promo.code)}</dt>
              <dd>−{money(view.promo.discountMinor)}</dd>
            </div>
          ) : null}
          <div className="booking-summary__total">
            <dt>{t('booking.summary.total')}</dt>
            <dd aria-live="polite">{money(view.payableMinor)}</dd>
          </div>
        </dl>
        <p className="fine-print">{t('booking.vehicle.priceIncludes')}</p>
      </div>
    </section>
  )
}

/** The discount's line: a promo code's, or a partner company's net rate (no code). */
export function discountLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  code: string | null,
) {
  return code ? t('booking.promo.discountLine', { code }) : t('partners.booking.netDiscount')
}
