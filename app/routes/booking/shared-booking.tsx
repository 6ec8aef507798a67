import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/shared-booking'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { notFound } from '~/utils/not-found'
import { sharedPageData } from '~/traveller/ride-page.server'
import { RideStatusCard } from '~/components/ride/ride-status-card'
import { MeetingPointCard } from '~/components/ride/meeting-point-card'
import { formatDate } from '~/utils/format'
import { FactList } from '~/components/fact-list'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'

// Not hydrated: app/enhancements/ride-status.ts keeps the ride's status current.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

/**
 * The read-only page of a ride for someone meeting the traveller, opened
 * through the share link: the trip, where to meet, the driver and car once
 * assigned, and the timeline. Nothing about billing or payment, nor the
 * traveller's e-mail or phone; no way to the invoice, the voucher, changes or
 * cancellation. A forged or expired link gets the not-found page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const shared = await sharedPageData(request, language, site)
  if (!shared) notFound()
  return { ...shared, language, phone: site.phone, meta: meta('shared-booking', { noindex: true }) }
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function SharedBooking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { trip, language } = loaderData
  return (
    <div className="booking received">
      <div className="booking__head">
        <div className="container">
          <h1>{t('traveller.shared.title', { reference: loaderData.reference })}</h1>
          <p className="received__note">{t('traveller.shared.lead')}</p>
        </div>
      </div>
      <div className="container booking__body received__grid">
        <RideStatusCard
          ride={loaderData.status}
          refreshHref={loaderData.refreshHref}
          statusUrl={loaderData.statusUrl}
          guest
        />
        <section className="card" aria-labelledby="shared-trip-title">
          <div className="card__body">
            <h2 id="shared-trip-title">{t('traveller.shared.tripTitle')}</h2>
            <FactList
              facts={[
                [t('received.pickup'), trip.from],
                trip.hire
                  ? [t('received.hire'), t('search.hoursOption', { count: trip.hire.hours })]
                  : [t('received.dropoff'), trip.to],
                [t('received.pickupDate'), formatDate(trip.date, language)],
                [t('received.pickupTime'), trip.time],
                trip.flightNumber ? [t('received.flightNumber'), trip.flightNumber] : null,
                [t('received.vehicle'), trip.vehicle],
              ]}
            />
          </div>
        </section>
        {loaderData.status.status === 'cancelled' ? null : (
          <MeetingPointCard meeting={loaderData.meeting} companyPhone={loaderData.phone} guest />
        )}
      </div>
    </div>
  )
}
