import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/fleet-single'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { findVehicleClass, listVehicleClasses } from '~/content/fleet.server'
import { pricedFleet } from '~/pricing/priced-fleet.server'
import { PageHero } from '~/components/page-hero'
import { VehicleCard } from '~/components/cards'
import { Icon } from '~/components/icons'
import { formatMoney } from '~/utils/format'
import { notFound } from '~/utils/not-found'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { publishedReviewsNow } from '~/reviews/published-reviews.server'
import { jsonLdText, vehicleClassJsonLd } from '~/reviews/review-structured-data.server'
import { PublishedReviews } from '~/components/published-reviews'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { language, site, meta, t } = pageContext(context, request)
  const found = findVehicleClass(Number(params.id), language, site)
  if (!found) notFound()
  const [vehicle, ...others] = await pricedFleet([
    found,
    ...listVehicleClasses(language, site).filter((other) => other.id !== found.id),
  ])
  if (!vehicle) notFound()
  // This class's reviews only, from the copy in memory (page-cache.server.ts keeps the page).
  const reviews = await publishedReviewsNow().forClass(vehicle.code)
  const structured = vehicleClassJsonLd(
    vehicle,
    site.baseUrl,
    reviews,
    t('publishedReviews.anonymous'),
  )
  return {
    vehicle,
    others,
    language,
    reviews,
    jsonLd: structured ? jsonLdText(structured) : null,
    meta: meta('fleet-single', {
      override: { title: vehicle.title, description: vehicle.description },
    }),
  }
}

/** Nothing on this page needs React in the browser. */
export const handle = staticPageHandle

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function FleetSingle({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { vehicle, others, language, reviews, jsonLd } = loaderData
  return (
    <>
      <PageHero
        title={vehicle.title}
        lead={vehicle.models.join(' · ')}
        crumbs={[{ label: t('fleet.title'), to: '/fleet-list' }, { label: vehicle.title }]}
      />
      <section className="section">
        <div className="container split">
          <img
            src={vehicle.image}
            alt={t('fleet.imageAlt', { title: vehicle.title })}
            width="480"
            height="240"
            className="split__media vehicle-hero"
          />
          <div>
            <p className="lead">{vehicle.description}</p>
            <dl className="spec-list">
              <div>
                <dt>{t('fleet.capacity')}</dt>
                <dd>
                  <Icon name="user" /> {t('fleet.passengers', { count: vehicle.passengers })}
                </dd>
              </div>
              <div>
                <dt>{t('fleet.luggageLabel')}</dt>
                <dd>
                  <Icon name="suitcase" /> {t('fleet.luggage', { count: vehicle.luggage })}
                </dd>
              </div>
              <div>
                <dt>{t('fleet.vehicleType')}</dt>
                <dd>{t(`fleet.carType.${vehicle.carType}`)}</dd>
              </div>
              <div>
                <dt>{t('fleet.make')}</dt>
                <dd>{vehicle.brand}</dd>
              </div>
              <div>
                <dt>{t('fleet.payment')}</dt>
                <dd>
                  {vehicle.paymentOptions
                    .map((option) => t(`fleet.paymentOption.${option}`))
                    .join(', ')}
                </dd>
              </div>
              <div>
                <dt>{t('fleet.startingFrom')}</dt>
                <dd className="spec-list__price">
                  {formatMoney(vehicle.startingPrice, 'EUR', language)}
                </dd>
              </div>
            </dl>
            <h2>{t('fleet.features')}</h2>
            <ul className="ticks ticks--2">
              {vehicle.features.map((feature) => (
                <li key={feature}>
                  <Icon name="check" size={20} /> {feature}
                </li>
              ))}
            </ul>
            <Link to="/" className="button button--accent">
              {t('fleet.bookThis')}
            </Link>
          </div>
        </div>
      </section>
      <PublishedReviews
        published={reviews}
        language={language}
        className="section section--follows"
      />
      <section className="section section--tint" aria-labelledby="other-classes">
        <div className="container">
          <h2 id="other-classes">{t('fleet.otherClasses')}</h2>
          <div className="grid grid--3">
            {others.map((other) => (
              <VehicleCard key={other.id} vehicle={other} language={language} />
            ))}
          </div>
        </div>
      </section>
      {jsonLd ? (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      ) : null}
    </>
  )
}
