import { useTranslation } from '~/i18n/use-translation'
import { intlLocale, type Language } from '~/i18n/config'
import { ISTANBUL_TIME_ZONE } from '~/domain/booking-window'
import { dateTimeFormat, numberFormat } from '~/utils/intl-cache'
import type { PublishedReviews as Published } from '~/reviews/published-reviews.server'
import { StarScore } from './star-score'

/** A score as the reader's language writes it, to one decimal: "4.8", "4,8". */
function scoreText(score: number, language: Language): string {
  return numberFormat(intlLocale[language], {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(score)
}

/** The month and year a review was written, in Istanbul: "November 2026", "Kasım 2026". */
function monthText(instant: string, language: Language): string {
  return dateTimeFormat(intlLocale[language], {
    month: 'long',
    year: 'numeric',
    timeZone: ISTANBUL_TIME_ZONE,
  }).format(new Date(instant))
}

/**
 * What travellers said after their ride (docs/reviews.md): the rating of the
 * published reviews and the newest of them with a comment, each marked as a
 * traveller's, unlike the editorial testimonials. Comments are shown as typed,
 * in the language they were written in. Nothing at all when none is published.
 */
export function PublishedReviews({
  published,
  language,
  className = 'section',
}: {
  published: Published
  language: Language
  /** The section's classes: 'section' alone, or with a modifier for its place on the page. */
  className?: string
}) {
  const { t } = useTranslation()
  const { summary, reviews } = published
  if (!summary) return null
  return (
    <section className={`${className} published-reviews`} aria-labelledby="published-reviews-title">
      <div className="container">
        <header className="section-heading published-reviews__heading">
          <p className="eyebrow">{t('publishedReviews.eyebrow')}</p>
          <h2 id="published-reviews-title">{t('publishedReviews.title')}</h2>
          <p className="published-reviews__summary">
            {/* The sentence beside them says the same: the stars are decoration. */}
            <span aria-hidden="true">
              <StarScore stars={summary.average} label="" />
            </span>
            <span className="published-reviews__rating">
              {t('publishedReviews.summary', {
                average: scoreText(summary.average, language),
                count: summary.count,
              })}
            </span>
          </p>
        </header>
        {reviews.length > 0 ? (
          <ul className="grid grid--3 published-reviews__list">
            {reviews.map((review) => (
              <li key={`${review.writtenAt} ${review.author}`} className="published-review">
                <StarScore
                  stars={review.score}
                  label={t('publishedReviews.score', { score: scoreText(review.score, language) })}
                />
                <blockquote className="published-review__comment" lang={review.language}>
                  <p>{review.comment}</p>
                </blockquote>
                <p className="published-review__by">
                  <span className="published-review__author">
                    {review.author || t('publishedReviews.anonymous')}
                  </span>
                  <time dateTime={review.writtenAt}>{monthText(review.writtenAt, language)}</time>
                </p>
                <p className="published-review__note">{t('publishedReviews.note')}</p>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  )
}
