import { Form, Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/home'
import { PageHero } from '~/components/page-hero'
import { RideSearch } from '~/components/route-search-form'
import { partnerHomeData } from '~/partners/partner-pages.server'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { formatDate } from '~/utils/format'

// Not hydrated: the search has its script in app/enhancements/, the rest is links and forms.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  return partnerHomeData(context, request)
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

type Row = Route.ComponentProps['loaderData']['upcoming'][number]

function BookingsTable({ rows, caption }: { rows: Row[]; caption: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language === 'tr' ? 'tr' : 'en'
  return (
    <div className="partner-rides" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('partners.home.reference')}</th>
            <th scope="col">{t('partners.home.pickup')}</th>
            <th scope="col">{t('partners.home.guest')}</th>
            <th scope="col">{t('partners.home.ride')}</th>
            <th scope="col">{t('partners.home.amount')}</th>
            <th scope="col">{t('partners.home.status')}</th>
            <th scope="col">{t('partners.home.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.reference}>
              <th scope="row">{row.reference}</th>
              <td>
                {formatDate(row.date, language)} {row.time}
              </td>
              <td>{row.guest}</td>
              <td>
                {row.route}
                <br />
                <small>{row.vehicle}</small>
              </td>
              <td>
                {row.amount}
                <br />
                <small>{t(`partners.settlement.${row.settlement}`)}</small>
              </td>
              <td>
                {t(`partners.status.${row.status}`, { defaultValue: row.status })}
                {row.documentsNeeded ? (
                  <>
                    <br />
                    <Link to={row.ridePath} reloadDocument>
                      {t('partners.home.documentsNeeded')}
                      <span className="visually-hidden"> {row.reference}</span>
                    </Link>
                  </>
                ) : null}
              </td>
              <td>
                <ul className="inline-links">
                  <li>
                    <Link to={row.ridePath} reloadDocument>
                      {t('partners.home.open')}
                      <span className="visually-hidden"> {row.reference}</span>
                    </Link>
                  </li>
                  {row.voucherPath ? (
                    <li>
                      <Link to={row.voucherPath} reloadDocument>
                        {t('partners.home.voucher')}
                        <span className="visually-hidden"> {row.reference}</span>
                      </Link>
                    </li>
                  ) : null}
                  {row.cancelPath ? (
                    <li>
                      <Link to={row.cancelPath} reloadDocument>
                        {t('partners.home.cancel')}
                        <span className="visually-hidden"> {row.reference}</span>
                      </Link>
                    </li>
                  ) : null}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export default function PartnerHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { company, user, upcoming, past, search } = loaderData
  return (
    <>
      <PageHero title={company.name} crumbs={[{ label: t('partners.home.crumb') }]} />
      <section className="section">
        <div className="container">
          <div className="partner-bar">
            <p>
              {t('partners.home.signedInAs', { name: user.name })}
              {company.creditLeft ? (
                <>
                  {' · '}
                  {t('partners.home.creditLeft', { amount: company.creditLeft })}
                </>
              ) : null}
            </p>
            <Form method="post" action="/partners/sign-out" reloadDocument>
              <button type="submit" className="button button--ghost">
                {t('partners.home.signOut')}
              </button>
            </Form>
          </div>
          <h2 id="partner-book-title">{t('partners.home.bookTitle')}</h2>
          <p>
            {t(
              company.paymentTerms === 'account'
                ? 'partners.home.bookLeadAccount'
                : 'partners.home.bookLeadCard',
            )}{' '}
            {company.rateKind === 'net' && company.ratePercent > 0
              ? t('partners.home.netRate', { percent: company.ratePercent })
              : null}
          </p>
          <RideSearch
            idPrefix="partner-search"
            dateMin={search.dateMin}
            dateMax={search.dateMax}
            times={search.times}
            placeNames={search.placeNames}
            hirePlaceNames={search.hirePlaceNames}
            hireHours={search.hireHours}
            hireIncludedKm={search.hireIncludedKm}
          />
          <h2 className="partner-section-title">{t('partners.home.upcomingTitle')}</h2>
          {upcoming.length ? (
            <BookingsTable rows={upcoming} caption={t('partners.home.upcomingTitle')} />
          ) : (
            <p>{t('partners.home.none')}</p>
          )}
          <h2 className="partner-section-title">{t('partners.home.pastTitle')}</h2>
          {past.length ? (
            <BookingsTable rows={past} caption={t('partners.home.pastTitle')} />
          ) : (
            <p>{t('partners.home.none')}</p>
          )}
        </div>
      </section>
    </>
  )
}
