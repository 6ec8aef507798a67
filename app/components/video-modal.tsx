import { useTranslation } from '~/i18n/use-translation'
import { Icon } from './icons'

/**
 * The promo video: closed by default, opened by a visible button. It is a modal
 * dialog opened by invoker commands, so it opens and closes (Escape, outside
 * click, the close button) without JavaScript and Tab stays inside it while it
 * is open. With no PROMO_VIDEO_URL it plays an animated tour drawn here. Where
 * a browser lacks invoker commands, the home page's script (it is not hydrated)
 * opens and closes it (app/enhancements/frame.ts).
 */
export function VideoModal({ videoUrl }: { videoUrl: string }) {
  const { t } = useTranslation()
  return (
    <div className="video-teaser">
      <button
        type="button"
        className="video-teaser__button"
        command="show-modal"
        commandfor="video-modal"
        aria-haspopup="dialog"
      >
        <span className="video-teaser__play" aria-hidden="true">
          <Icon name="play" size={32} />
        </span>
        <span>{t('home.video.open')}</span>
      </button>
      <dialog
        id="video-modal"
        className="video-modal"
        closedby="any"
        aria-labelledby="video-modal-title"
      >
        <div className="video-modal__head">
          <h2 id="video-modal-title">{t('home.video.title')}</h2>
          <button
            type="button"
            className="icon-button"
            command="close"
            commandfor="video-modal"
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
                    loading="lazy"
                  />
                  <p>{t(`home.how.${step}.title`)}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
      </dialog>
    </div>
  )
}
