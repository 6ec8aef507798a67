import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/shared-booking'
import { metaDescriptors } from '~/seo/meta'
import { RideStatusCard } from '~/components/ride/ride-status-card'
import { MeetingPointCard } from '~/components/ride/meeting-point-card'
import { formatDate } from '~/utils/format'
import { FactList } from '~/components/fact-list'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'
import { sharedBookingPageData } from '~/traveller/shared-page.server'

// Not hydrated: app/enhancements/ride-status.ts keeps the ride's status current.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export async function loader({ context, request }: Route.LoaderArgs) {
  return sharedBookingPageData(context, request)
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
