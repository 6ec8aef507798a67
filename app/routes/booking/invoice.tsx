import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/invoice'
import { metaDescriptors } from '~/seo/meta'
import { VAT_PERCENT } from '~/domain/booking/invoice-amounts'
import { formatDate, formatMoney } from '~/utils/format'
import { PrintToolbar } from '~/components/print-button'
import { extraLineLabel } from '~/booking/extra-label'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'
import { invoicePageData } from '~/traveller/invoice-page.server'

// Not hydrated: app/enhancements/print-button.ts shows its print button.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export async function loader({ context, request }: Route.LoaderArgs) {
  return invoicePageData(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function Invoice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { language, company, billedTo, trip, payment, currency } = loaderData
  const money = (minor: number) =>
    formatMoney(minor / 100, currency, language, { minimumFractionDigits: 2 })
  const present = (value: string | null | undefined) => Boolean(value && value.trim())
  const billedLines = [
    billedTo.name,
    billedTo.company,
    billedTo.tax ? t('invoiceCompany.taxLine', billedTo.tax) : null,
    billedTo.address,
    billedTo.city,
    billedTo.country,
    billedTo.email,
  ].filter(present)
  return (
    <div className="invoice-page">
      <div className="container invoice-page__body">
        <PrintToolbar
          printLabel={t('invoice.print')}
          hint={t('invoice.printHint')}
          backHref={loaderData.backHref}
          backLabel={t('invoice.backToBooking')}
        />

        <article className="invoice" aria-labelledby="invoice-title">
          <div className="invoice__head">
            <div className="invoice__seller">
              <p className="invoice__brand">{company.brand}</p>
              <address>
                <span>{company.legalName}</span>
                <span>{company.address}</span>
                <span>{company.registration}</span>
                <span>{t('invoice.tursab', { code: company.tursabCode })}</span>
                <span>
                  {t('invoice.email')}: <a href={`mailto:${company.email}`}>{company.email}</a>
                </span>
                <span>
                  {t('invoice.phone')}: {company.phone}
                </span>
              </address>
            </div>
            <div className="invoice__meta">
              <h1 id="invoice-title">{t('invoice.title')}</h1>
              <dl className="invoice__facts">
                <div>
                  <dt>{t('invoice.number')}</dt>
                  <dd>{loaderData.number}</dd>
                </div>
                <div>
                  <dt>{t('invoice.issued')}</dt>
                  <dd>
                    <time dateTime={loaderData.issued}>
                      {formatDate(loaderData.issued, language)}
                    </time>
                  </dd>
                </div>
              </dl>
            </div>
          </div>

          <section className="invoice__billed" aria-labelledby="invoice-billed-title">
            <h2 id="invoice-billed-title">{t('invoice.billedTo')}</h2>
            <p className="invoice__lines">
              {billedLines.map((line, index) => (
                <span key={index}>{line}</span>
              ))}
            </p>
          </section>

          <div className="invoice__table-wrap">
            <table className="invoice__items">
              <caption>{t('invoice.itemsCaption', { currency })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('invoice.description')}</th>
                  <th scope="col" className="invoice__amount">
                    {t('invoice.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">
                    <span className="invoice__item">
                      {t(trip.hire ? 'invoice.hire' : 'invoice.transfer', {
                        vehicle: loaderData.vehicle.title,
                      })}
                    </span>
                    <span className="invoice__detail">
                      {trip.hire
                        ? t('invoice.hireDetail', {
                            from: trip.from,
                            count: trip.hire.hours,
                            km: trip.hire.includedKm,
                          })
                        : t('invoice.route', { from: trip.from, to: trip.to })}
                    </span>
                    <span className="invoice__detail">
                      {t('invoice.when', {
                        date: formatDate(trip.date, language),
                        time: trip.time,
                      })}
                    </span>
                    <span className="invoice__detail">
                      {t('invoice.reference')}{' '}
                      <span className="invoice__nowrap">{loaderData.number}</span>
                    </span>
                  </th>
                  <td className="invoice__amount">{money(loaderData.vehicle.minor)}</td>
                </tr>
                {trip.back ? (
                  <tr>
                    <th scope="row">
                      <span className="invoice__item">
                        {t('invoice.returnTransfer', { vehicle: loaderData.vehicle.title })}
                      </span>
                      <span className="invoice__detail">
                        {t('invoice.route', { from: trip.back.from, to: trip.back.to })}
                      </span>
                      <span className="invoice__detail">
                        {t('invoice.when', {
                          date: formatDate(trip.back.date, language),
                          time: trip.back.time,
                        })}
                      </span>
                    </th>
                    <td className="invoice__amount">{money(trip.back.minor)}</td>
                  </tr>
                ) : null}
                {loaderData.extras.map((extra) => (
                  <tr key={extra.code}>
                    <th scope="row">
                      <span className="invoice__item">{extraLineLabel(t, extra)}</span>
                      {extra.quantity > 1 || loaderData.rides > 1 ? (
                        <span className="invoice__detail">
                          {loaderData.rides > 1
                            ? t('invoice.unitPriceRides', {
                                price: money(extra.unitMinor),
                                count: loaderData.rides,
                              })
                            : t('invoice.unitPrice', { price: money(extra.unitMinor) })}
                        </span>
                      ) : null}
                    </th>
                    <td className="invoice__amount">{money(extra.minor)}</td>
                  </tr>
                ))}
                {loaderData.promo ? (
                  <tr className="invoice__discount">
                    <th scope="row">
                      <span className="invoice__item">
                        {loaderData.promo.code
                          ? t('invoice.discount', { code: loaderData.promo.code })
                          : t('partners.booking.netDiscount')}
                      </span>
                    </th>
                    <td className="invoice__amount">−{money(loaderData.promo.discountMinor)}</td>
                  </tr>
                ) : null}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('invoice.net')}</th>
                  <td className="invoice__amount">{money(loaderData.netMinor)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('invoice.vat', { percent: VAT_PERCENT })}</th>
                  <td className="invoice__amount">{money(loaderData.vatMinor)}</td>
                </tr>
                <tr className="invoice__total">
                  <th scope="row">{t('invoice.total')}</th>
                  <td className="invoice__amount">{money(loaderData.totalMinor)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <p className="invoice__note">{t('invoice.vatNote', { percent: VAT_PERCENT })}</p>
          <p className="invoice__note invoice__official">
            {loaderData.official.kind === 'issued' ? (
              <>
                {t(`invoice.official.${loaderData.official.document}`)}{' '}
                <a href={loaderData.officialHref} download>
                  {t('invoice.official.download')}
                </a>
              </>
            ) : loaderData.official.kind === 'coming' ? (
              t('invoice.official.coming')
            ) : (
              t('invoice.official.none', { email: company.email })
            )}
          </p>

          <section className="invoice__payment" aria-labelledby="invoice-payment-title">
            <h2 id="invoice-payment-title">{t('invoice.paymentTitle')}</h2>
            <dl className="invoice__facts">
              <div>
                <dt>{t('invoice.method')}</dt>
                <dd>
                  {payment.onAccount
                    ? t('partners.booking.methodAccount')
                    : payment.option === 'depositCash'
                      ? t('invoice.depositCash', { depositPercent: payment.depositPercent })
                      : t('invoice.fullCard')}
                </dd>
              </div>
              <div>
                <dt>
                  {payment.onAccount
                    ? t('partners.booking.chargedToAccount')
                    : t('invoice.paidCard')}
                </dt>
                <dd>{money(payment.paidMinor)}</dd>
              </div>
              {payment.cashMinor > 0 ? (
                <div>
                  <dt>{t('invoice.cashDue')}</dt>
                  <dd>{money(payment.cashMinor)}</dd>
                </div>
              ) : null}
              {payment.id ? (
                <div>
                  <dt>{t('invoice.paymentId')}</dt>
                  <dd>{payment.id}</dd>
                </div>
              ) : null}
            </dl>
          </section>
        </article>
      </div>
    </div>
  )
}
