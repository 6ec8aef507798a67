import type { ReactNode } from 'react'
import { useTranslation } from '~/i18n/use-translation'
import { isWarningNotice, type BookingNotice } from '~/booking/notices'
import { BookingProgress, type BookingStep } from './booking-progress'

/**
 * The notice a step was opened with. One that says something went wrong is
 * there from the page's first paint, where a live region says nothing, so it
 * takes the focus: on a page load (autofocus, also without JavaScript) and
 * after a client-side navigation (data-page-focus, read by the root layout).
 */
export function BookingNoticeMessage({ notice }: { notice?: BookingNotice }) {
  const { t } = useTranslation()
  if (!notice) return null
  const warning = isWarningNotice(notice)
  return (
    <div
      className={`alert ${warning ? 'alert--error' : 'alert--info'}`}
      role={warning ? 'alert' : 'status'}
      {...(warning ? { tabIndex: -1, autoFocus: true, 'data-page-focus': '' } : {})}
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
