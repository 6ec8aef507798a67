import { useTranslation } from '~/i18n/use-translation'
import type { DriverVoucherFacts } from '~/booking/booking-view.server'
import type { Language } from '~/i18n/config'
import { formatDate, formatMoney } from '~/utils/format'
import { extraLineLabel } from '~/booking/extra-label'
import { returnRideFacts } from '~/booking/ride-label'

/**
 * The voucher the traveller shows the driver, printed or on a phone: the
 * booking page holds it and /booking-voucher prints it alone. The name on the
 * sign and the cash to collect are what the driver looks for first, so they
 * stand out; the rest is the trip as booked.
 */
export function DriverVoucher({
  voucher,
  language,
  headingLevel,
}: {
  voucher: DriverVoucherFacts
  language: Language
  headingLevel: 1 | 2
}) {
  const { t } = useTranslation()
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const present = (value: string | number | null | undefined) =>
    value !== null && value !== undefined && String(value).trim() !== ''
  // A phone number reads as one piece: it is marked never to break across lines.
  const facts: [string, string | number | null | undefined, string?][] = [
    [t('voucher.pickup'), voucher.from],
    [t('voucher.pickupAddress'), voucher.pickupAddress],
    voucher.hire
      ? [t('voucher.hire'), t('search.hoursOption', { count: voucher.hire.hours })]
      : [t('voucher.destination'), voucher.to],
    [t('voucher.date'), formatDate(voucher.date, language)],
    [t('voucher.time'), voucher.time],
    ...(voucher.back ? returnRideFacts(t, voucher.back, language) : []),
    [t('voucher.flightNumber'), voucher.flightNumber],
    [t('voucher.vehicle'), voucher.vehicle],
    [t('voucher.passengers'), voucher.passengers],
    [t('voucher.luggage'), voucher.luggage],
    [t('voucher.extras'), voucher.extras.map((extra) => extraLineLabel(t, extra)).join(', ')],
    [t('voucher.traveller'), voucher.traveller],
    [t('voucher.travellerPhone'), voucher.travellerPhone, 'voucher__nowrap'],
  ]
  return (
    <article className="voucher" aria-labelledby="voucher-title">
      <header className="voucher__head">
        <p className="voucher__brand">{voucher.brand}</p>
        <Heading id="voucher-title" className="voucher__title">
          {t('voucher.title')}
        </Heading>
        <p className="voucher__show">{t('voucher.showDriver')}</p>
      </header>
      <dl className="voucher__key">
        <div>
          <dt>{t('voucher.reference')}</dt>
          <dd className="voucher__reference">{voucher.reference}</dd>
        </div>
        <div>
          <dt>{t('voucher.signName')}</dt>
          <dd className="voucher__sign">{voucher.signName}</dd>
        </div>
        {voucher.pickupCode ? (
          <div>
            <dt>{t('voucher.pickupCode')}</dt>
            <dd className="voucher__code">{voucher.pickupCode}</dd>
          </div>
        ) : null}
      </dl>
      {voucher.pickupCode ? <p className="voucher__code-note">{t('voucher.codeNote')}</p> : null}
      <dl className="voucher__facts">
        {facts
          .filter(([, value]) => present(value))
          .map(([label, value, className]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={className}>{value}</dd>
            </div>
          ))}
      </dl>
      {voucher.cashMinor > 0 || (voucher.back?.cashMinor ?? 0) > 0 ? (
        <dl className="voucher__cash">
          <div>
            <dt>
              {voucher.back
                ? t('voucher.cashDueRide', { ride: t('booking.return.outbound') })
                : t('voucher.cashDue')}
            </dt>
            <dd>{formatMoney(voucher.cashMinor / 100, voucher.currency, language)}</dd>
          </div>
          {voucher.back ? (
            <div>
              <dt>{t('voucher.cashDueRide', { ride: t('booking.return.label') })}</dt>
              <dd>{formatMoney(voucher.back.cashMinor / 100, voucher.currency, language)}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="voucher__cash voucher__cash--paid">{t('voucher.paidInFull')}</p>
      )}
      <p className="voucher__contact">
        {t('voucher.contact', { brand: voucher.brand, phone: voucher.phone })}
      </p>
    </article>
  )
}
