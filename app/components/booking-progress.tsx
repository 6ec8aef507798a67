import { useTranslation } from '~/i18n/use-translation'

export const bookingSteps = ['vehicle', 'extra', 'passenger', 'payment'] as const
export type BookingStep = (typeof bookingSteps)[number]

/**
 * The four-tab progress bar of the booking (vehicle, extras, passenger, payment): every step up
 * to the current one is highlighted; the current one is aria-current="step".
 */
export function BookingProgress({ current }: { current: BookingStep }) {
  const { t } = useTranslation()
  const currentIndex = bookingSteps.indexOf(current)
  return (
    <nav className="progress" aria-label={t('booking.progressLabel')}>
      <ol>
        {bookingSteps.map((step, index) => (
          <li
            key={step}
            className={`progress__step${index <= currentIndex ? ' is-done' : ''}`}
            aria-current={index === currentIndex ? 'step' : undefined}
          >
            <span className="progress__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="progress__label">{t(`booking.steps.${step}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  )
}
