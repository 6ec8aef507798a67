import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { FieldErrors, type ErrorText } from '~/forms/form-errors'
import { intlLocale, toLanguage } from '~/i18n/config'
import { SHARE_POSITION_SECONDS } from '~/domain/dispatch/car-position'

export interface SharedPosition {
  /** When it was last shared (Istanbul time), or null before the first time. */
  at: string | null
  /** Shared by naming a place rather than by the phone's own position. */
  byPlace: boolean
}

/**
 * On a job under way: the driver shares where the car is, for the traveller's
 * ride page and dispatch's map. Without a script, the driver names a place
 * (a district or landmark from the list) and presses the button once per
 * update. With one (app/enhancements/share-position.ts), the button sends
 * the phone's own position, and a second button, added by the script, sends
 * it by itself every SHARE_POSITION_SECONDS once the driver agrees.
 */
export function SharePosition({
  reference,
  shared,
  refused,
  placeListId,
  text,
}: {
  reference: string
  shared: SharedPosition
  refused: { error: string; typed: string } | null
  placeListId: string
  text: ErrorText
}) {
  const { t, i18n } = useTranslation()
  const id = `position-${reference}`
  const seconds = SHARE_POSITION_SECONDS
  const error = refused?.error ?? null
  return (
    <section className="ops-position" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('ops.position.title')}</h4>
      <p className="ops-position__last" data-position-last>
        {shared.at
          ? t(shared.byPlace ? 'ops.position.lastByPlace' : 'ops.position.last', {
              time: shared.at,
            })
          : t('ops.position.never')}
      </p>
      <Form
        method="post"
        noValidate
        className="ops-position__form"
        data-share-position={reference}
        data-share-seconds={seconds}
        data-share-url="/ops/jobs/position"
        data-auto-label={t('ops.position.auto', { seconds })}
        data-stop-label={t('ops.position.stop')}
        data-auto-status={t('ops.position.autoShared', { time: '{time}' })}
        data-denied={t('ops.position.denied')}
        data-signed-out={t('ops.position.signedOut')}
        data-locating={t('ops.position.locating')}
        data-time-locale={intlLocale[toLanguage(i18n.language)]}
      >
        <input type="hidden" name="intent" value="sharePosition" />
        <input type="hidden" name="reference" value={reference} />
        <input type="hidden" name="lat" value="" />
        <input type="hidden" name="lng" value="" />
        <input type="hidden" name="accuracy" value="" />
        <div className="field" data-place-field>
          <label htmlFor={`${id}-place`}>{t('ops.position.place')}</label>
          <p id={`${id}-hint`} className="field__hint">
            {t('ops.position.placeHint')}
          </p>
          <input
            id={`${id}-place`}
            name="place"
            list={placeListId}
            autoComplete="off"
            maxLength={120}
            defaultValue={refused?.typed ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          />
          <FieldErrors id={`${id}-error`} errors={error ? [error] : undefined} text={text} />
        </div>
        <div className="ops-actions">
          <button type="submit" className="button">
            {t('ops.position.share')}
          </button>
        </div>
        <p className="ops-position__status" role="status" data-share-status />
      </Form>
    </section>
  )
}
