import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { BookingNotice } from '~/booking/notices'
import { BookingProgress, type BookingStep } from './booking-progress'

/** Notices that mean the traveller was sent here instead of where they tried to go. */
const warningNotices: readonly BookingNotice[] = [
  'noBooking',
  'expired',
  'priceChanged',
  'paymentNotStarted',
  'paymentDeclined',
  'paymentThreeDs',
  'paymentUnknown',
  'quoteExpired',
  'repriceUnavailable',
]

export function BookingNoticeMessage({ notice }: { notice?: BookingNotice }) {
  const { t } = useTranslation()
  if (!notice) return null
  const warning = warningNotices.includes(notice)
  return (
    <div
      className={`alert ${warning ? 'alert--error' : 'alert--info'}`}
      role={warning ? 'alert' : 'status'}
    >
      <p>{t(`booking.notices.${notice}`)}</p>
    </div>
  )
}

/**
 * The frame of every booking step: heading, the four-tab progress bar, a notice
 * the step was opened with, the step's own content and the booking summary.
 */
export function BookingStepLayout({
  step,
  title,
  notice,
  children,
  aside,
}: {
  step: BookingStep
  title: string
  notice?: BookingNotice
  children: ReactNode
  aside?: ReactNode
}) {
  return (
    <div className="booking">
      <div className="booking__head">
        <div className="container">
          <h1>{title}</h1>
          <BookingProgress current={step} />
        </div>
      </div>
      <div className="container booking__body">
        <BookingNoticeMessage notice={notice} />
        <div className={aside ? 'booking-step' : undefined}>
          <div className="booking-step__main">{children}</div>
          {aside ? <aside className="booking-step__aside">{aside}</aside> : null}
        </div>
      </div>
    </div>
  )
}
