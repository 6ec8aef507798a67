import { Form, useSearchParams } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { useErrorTitle } from '~/utils/use-error-title'

export interface JobOfferView {
  id: number
  status: 'open' | 'accepted' | 'declined' | 'taken' | 'expired' | 'withdrawn'
  date: string
  time: string
  route: string
  pickup: string
  vehicleClass: string
  vehicle: string
  passengers: number
  luggage: number
  flight: string | null
  pay: string
  cash: string | null
  until: string
}

/**
 * The jobs offered to a driver, first on their jobs page: each with the ride,
 * the pay and the cash to collect, and Accept and Decline as two plain forms;
 * an offer no longer open says what became of it.
 */
export function JobOffers({
  offers,
  refused,
}: {
  offers: JobOfferView[]
  refused: { id: number; reason: string } | undefined
}) {
  const { t } = useTranslation()
  const [search] = useSearchParams()
  const declined = search.get('offer') === 'declined'
  useErrorTitle(refused !== undefined)
  return (
    <section aria-labelledby="ops-offers-title" className="ops-offers" id="offers">
      <h2 id="ops-offers-title">{t('ops.offers.driver.title')}</h2>
      {declined ? (
        <p className="alert alert--info" role="status">
          {t('ops.offers.driver.declined')}
        </p>
      ) : null}
      <ol className="ops-job-list">
        {offers.map((offer) => (
          <li key={offer.id} className="ops-job ops-offer" id={`offer-${offer.id}`}>
            <h3>{t('ops.offers.driver.job', { date: offer.date, time: offer.time })}</h3>
            {refused?.id === offer.id ? (
              <p className="alert alert--error" role="alert">
                {t(`ops.offers.driver.refused.${refused.reason}`)}
              </p>
            ) : null}
            {offer.status === 'open' ? (
              <p>
                <strong>{t('ops.offers.driver.until', { time: offer.until })}</strong>
              </p>
            ) : (
              <p>
                <strong>{t(`ops.offers.driver.status.${offer.status}`)}</strong>
              </p>
            )}
            <dl className="ops-details">
              <dt>{t('ops.offers.driver.route')}</dt>
              <dd>{offer.route}</dd>
              <dt>{t('ops.offers.driver.pickup')}</dt>
              <dd>{offer.pickup}</dd>
              {offer.flight ? (
                <>
                  <dt>{t('ops.dispatch.jobs.flight')}</dt>
                  <dd>{offer.flight}</dd>
                </>
              ) : null}
              <dt>{t('ops.offers.driver.party')}</dt>
              <dd>
                {t('ops.offers.driver.partyValue', {
                  passengers: offer.passengers,
                  luggage: offer.luggage,
                })}
              </dd>
              <dt>{t('ops.offers.driver.vehicle')}</dt>
              <dd>
                {t('ops.offers.driver.vehicleValue', {
                  vehicleClass: offer.vehicleClass,
                  vehicle: offer.vehicle,
                })}
              </dd>
              <dt>{t('ops.offers.driver.pay')}</dt>
              <dd>{offer.pay}</dd>
              <dt>{t('ops.dispatch.jobs.cash')}</dt>
              <dd>{offer.cash ?? t('ops.offers.driver.noCash')}</dd>
            </dl>
            {offer.status === 'open' ? (
              <div className="ops-actions">
                <Form method="post">
                  <input type="hidden" name="offerId" value={offer.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="acceptOffer"
                    className="button button--accent"
                  >
                    {t('ops.offers.driver.accept')}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="offerId" value={offer.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="declineOffer"
                    className="button button--ghost"
                  >
                    {t('ops.offers.driver.decline')}
                  </button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
