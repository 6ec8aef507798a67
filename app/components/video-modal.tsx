import { useTranslation } from 'react-i18next'
import { Icon } from './icons'

/**
 * The promo video: closed by default, opened by a visible button. It is a native
 * popover, so it opens and closes (Escape, outside click, the close button)
 * without JavaScript. With no PROMO_VIDEO_URL it plays an animated tour drawn here.
 */
export function VideoModal({ videoUrl }: { videoUrl: string }) {
  const { t } = useTranslation()
  return (
    <div className="video-teaser">
      <button type="button" className="video-teaser__button" popoverTarget="video-modal">
        <span className="video-teaser__play" aria-hidden="true">
          <Icon name="play" size={32} />
        </span>
        <span>{t('home.video.open')}</span>
      </button>
      <div
        id="video-modal"
        popover="auto"
        className="video-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="video-modal-title"
      >
        <div className="video-modal__head">
          <h2 id="video-modal-title">{t('home.video.title')}</h2>
          <button
            type="button"
            className="icon-button"
            popoverTarget="video-modal"
            popoverTargetAction="hide"
            aria-label={t('common.close')}
          >
            <Icon name="close" size={24} />
          </button>
        </div>
        <div className="video-modal__frame">
          {videoUrl ? (
            <iframe
              src={videoUrl}
              title={t('home.video.title')}
              loading="lazy"
              allow="encrypted-media; picture-in-picture; fullscreen"
            />
          ) : (
            <ol className="tour" aria-label={t('home.video.tourLabel')}>
              {(['route', 'vehicle', 'ride'] as const).map((step, index) => (
                <li key={step} className="tour__slide" style={{ animationDelay: `${index * 4}s` }}>
                  <img
                    src={
                      [
                        '/images/services/airport.svg',
                        '/images/fleet/business-minivan.svg',
                        '/images/hero-skyline.svg',
                      ][index]
                    }
                    alt=""
                  />
                  <p>{t(`home.how.${step}.title`)}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </div>
  )
}
