import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { HelpLines, type BookingHelp } from './help-lines'
import { isAwaitingRide, type BookingStatus } from '~/domain/booking/status'
import type { DetailsChange, TravellerCancellation } from '~/domain/booking/traveller-rules'

export interface OnlineActions {
  change: DetailsChange
  cancel: TravellerCancellation
  /** 24 hours before pickup, written for the reader. */
  deadline: string
  changeHref: string
  cancelHref: string
}

/**
 * What the traveller may still do online: change details and cancel with a
 * full refund until 24 hours before pickup; after that, the phone and
 * WhatsApp. A cancelled booking, or a ride under way or over, offers nothing.
 */
export function ManageRideCard({
  online: loaded,
  status,
  help,
}: {
  online: OnlineActions
  /** The booking's status as the page keeps it current: a ride begun or cancelled since closes both. */
  status: BookingStatus
  help: BookingHelp
}) {
  const { t } = useTranslation()
  const online: OnlineActions =
    status === 'cancelled'
      ? { ...loaded, cancel: 'cancelled', change: 'closed' }
      : isAwaitingRide(status)
        ? loaded
        : { ...loaded, cancel: 'closed', change: 'closed' }
  return (
    <section className="card" aria-labelledby="manage-title" data-live-part="manage">
      <div className="card__body">
        <h2 id="manage-title">{t('traveller.ride.manageTitle')}</h2>
        {online.cancel === 'free' && online.change === 'open' ? (
          <>
            <p>{t('traveller.ride.openUntil', { deadline: online.deadline })}</p>
            <div className="received__links">
              <Link className="button button--ghost" to={online.changeHref}>
                {t('traveller.ride.changeLink')}
              </Link>
              <Link className="button button--ghost" to={online.cancelHref}>
                {t('traveller.ride.cancelLink')}
              </Link>
            </div>
          </>
        ) : online.cancel === 'cancelled' ? (
          <p>{t('traveller.ride.closedCancelled')}</p>
        ) : online.cancel === 'closed' ? (
          <p>{t('traveller.ride.closedRide')}</p>
        ) : (
          <>
            <p>{t('traveller.ride.tooLate')}</p>
            <HelpLines help={help} email={false} />
            <p className="ride-help-more">
              <Link to={online.cancelHref}>{t('traveller.ride.whyNoCancel')}</Link>
            </p>
          </>
        )}
      </div>
    </section>
  )
}

/** The read-only link for someone meeting the traveller, ready to copy. */
export function ShareRideCard({ shareUrl }: { shareUrl: string }) {
  const { t } = useTranslation()
  return (
    <section className="card" aria-labelledby="share-title">
      <div className="card__body">
        <h2 id="share-title">{t('traveller.ride.shareTitle')}</h2>
        <p id="share-text">{t('traveller.ride.shareText')}</p>
        <div className="field">
          <label htmlFor="share-link">{t('traveller.ride.shareLabel')}</label>
          <input
            id="share-link"
            type="url"
            readOnly
            value={shareUrl}
            aria-describedby="share-text"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <p>
          <a href={shareUrl}>{t('traveller.ride.shareOpen')}</a>
        </p>
      </div>
    </section>
  )
}
