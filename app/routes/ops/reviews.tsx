import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/reviews'
import { reviewsPageAction, reviewsPageData } from '~/staff/reviews-page.server'
import { DoneNotice } from '~/components/ops/dispatch-form'
import { OpsTable } from '~/components/ops/ops-table'
import { StarScore } from '~/components/star-score'
import { reviewAspects } from '~/domain/reviews/review-rules'

export async function loader({ context, request }: Route.LoaderArgs) {
  return reviewsPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return reviewsPageAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

/**
 * Travellers' reviews by status, each with its decision as a small POST form
 * of its own: publish (only with the traveller's consent) or keep it off the site.
 */
export default function OpsReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  const formAction = `/ops/reviews?status=${page.status}`
  return (
    <section aria-labelledby="ops-reviews-title">
      <h1 id="ops-reviews-title">{t('ops.reviews.title')}</h1>
      <p>{t('ops.reviews.lead')}</p>
      {actionData?.error === 'noConsent' ? (
        <p className="alert alert--error" role="alert">
          {t('ops.reviews.errors.noConsent')}
        </p>
      ) : null}
      {page.done && !actionData ? (
        <DoneNotice>
          {page.done.reference
            ? t(`ops.reviews.done.${page.done.status}Ride`, { reference: page.done.reference })
            : t(`ops.reviews.done.${page.done.status}`)}
        </DoneNotice>
      ) : null}
      <nav className="ops-tabs" aria-label={t('ops.reviews.tabsLabel')}>
        <ul>
          {page.tabs.map((tab) => (
            <li key={tab}>
              <a
                href={`/ops/reviews?status=${tab}`}
                aria-current={tab === page.status ? 'page' : undefined}
              >
                {t(`ops.reviews.tabs.${tab}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <OpsTable
        id="ops-reviews-caption"
        className="ops-reviews"
        caption={t(`ops.reviews.captions.${page.status}`)}
      >
        <thead>
          <tr>
            <th scope="col">{t('ops.reviews.columns.ride')}</th>
            <th scope="col">{t('ops.reviews.columns.written')}</th>
            <th scope="col">{t('ops.reviews.columns.driver')}</th>
            <th scope="col">{t('ops.reviews.columns.scores')}</th>
            <th scope="col">{t('ops.reviews.columns.comment')}</th>
            <th scope="col">{t('ops.reviews.columns.language')}</th>
            <th scope="col">{t('ops.reviews.columns.consent')}</th>
            <th scope="col">{t('ops.reviews.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {page.reviews.length === 0 ? (
            <tr>
              <td colSpan={8}>{t(`ops.reviews.empty.${page.status}`)}</td>
            </tr>
          ) : null}
          {page.reviews.map((review) => (
            <tr key={review.bookingId}>
              <th scope="row">
                <a href={`/ops/bookings/${review.reference}`}>{review.reference}</a>
              </th>
              <td className="ops-reviews__nowrap">{review.written}</td>
              <td>{review.driver ?? t('ops.reviews.noDriver')}</td>
              <td>
                <dl className="ops-review-scores">
                  {reviewAspects.map((aspect) => (
                    <div key={aspect}>
                      <dt>{t(`ops.reviews.aspects.${aspect}`)}</dt>
                      <dd>
                        <StarScore
                          stars={review.stars[aspect]}
                          label={t('ops.reviews.stars', { count: review.stars[aspect] })}
                        />
                      </dd>
                    </div>
                  ))}
                </dl>
              </td>
              <td className="ops-reviews__comment">
                {review.comment ?? (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="visually-hidden">{t('ops.reviews.noComment')}</span>
                  </>
                )}
              </td>
              <td>{review.language}</td>
              <td>{t(review.consent ? 'ops.reviews.yes' : 'ops.reviews.no')}</td>
              <td>
                <div className="ops-review-actions">
                  {review.mayPublish ? (
                    <DecisionForm
                      action={formAction}
                      review={review}
                      decision="publish"
                      className="button"
                    />
                  ) : null}
                  {review.mayHide ? (
                    <DecisionForm
                      action={formAction}
                      review={review}
                      decision="hide"
                      className="button button--ghost"
                    />
                  ) : null}
                  {review.mayPublish || review.mayHide ? null : (
                    <p className="ops-review-actions__none">{t('ops.reviews.noAction')}</p>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </OpsTable>
      {page.more ? <p>{t('ops.reviews.more', { count: page.reviews.length })}</p> : null}
    </section>
  )
}

/** One decision about a review: its own small POST form, its button naming the ride. */
function DecisionForm({
  action,
  review,
  decision,
  className,
}: {
  action: string
  review: { bookingId: string; reference: string }
  decision: 'publish' | 'hide'
  className: string
}) {
  const { t } = useTranslation()
  return (
    <form method="post" action={action}>
      <input type="hidden" name="bookingId" value={review.bookingId} />
      <input type="hidden" name="decision" value={decision} />
      <button type="submit" className={className}>
        {t(`ops.reviews.${decision}`)}{' '}
        <span className="visually-hidden">
          {t('ops.reviews.ofRide', { reference: review.reference })}
        </span>
      </button>
    </form>
  )
}
