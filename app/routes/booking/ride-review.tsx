import { getFormProps, getInputProps, useForm, type FieldMetadata } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/ride-review'
import { metaDescriptors } from '~/seo/meta'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { FieldErrors, FormErrorSummary } from '~/forms/form-errors'
import { TextareaField } from '~/forms/fields'
import { useErrorText } from '~/forms/error-text'
import { useErrorTitle } from '~/utils/use-error-title'
import { STARS, type ReviewAspect } from '~/domain/reviews/review-rules'
import type { ReviewForm } from '~/reviews/review-form'
import type { TipForm } from '~/tips/tip-form'
import { reviewPageAction, reviewPageData } from '~/reviews/review-page.server'
import { StarScore } from '~/components/star-score'

// Not hydrated: a plain form of radio buttons, checked by the server.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  return reviewPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return reviewPageAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function RideReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  return (
    <div className="booking traveller-page">
      <div className="booking__head">
        <div className="container">
          <h1>
            {page.state === 'reviewed'
              ? t('traveller.review.thanksTitle')
              : t('traveller.review.title')}
          </h1>
          <p className="received__note">
            {t('traveller.review.lead', {
              reference: page.reference,
              route: page.route,
              date: page.date,
            })}
          </p>
        </div>
      </div>
      <div className="container booking__body traveller-page__body">
        {page.state === 'form' ? (
          <ReviewFormCard
            page={page}
            lastResult={actionData?.form === 'review' ? actionData.result : undefined}
          />
        ) : page.state === 'reviewed' && page.review ? (
          <SentReview page={page} review={page.review} />
        ) : (
          <div className="alert alert--info" role="status">
            <p>
              {t(page.state === 'closed' ? 'traveller.review.closed' : 'traveller.review.notYet')}
            </p>
          </div>
        )}
        {page.tip ? (
          <TipCard
            tip={page.tip}
            driverName={page.driverName}
            lastResult={actionData?.form === 'tip' ? actionData.result : undefined}
          />
        ) : null}
        <p>
          <Link to={page.backHref}>{t('traveller.backToBooking')}</Link>
        </p>
      </div>
    </div>
  )
}

type Loaded = Route.ComponentProps['loaderData']

function aspectLabel(
  t: ReturnType<typeof useTranslation>['t'],
  aspect: ReviewAspect,
  driverName: string | null,
) {
  return aspect === 'driver' && driverName
    ? t('traveller.review.aspects.driverNamed', { name: driverName })
    : t(`traveller.review.aspects.${aspect}`)
}

function ReviewFormCard({
  page,
  lastResult,
}: {
  page: Loaded
  lastResult: Parameters<typeof useForm<ReviewForm>>[0]['lastResult']
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<ReviewForm>({ id: 'review-form', lastResult })
  const text = useErrorText()
  useErrorTitle(Object.values(form.allErrors).some((errors) => errors.length > 0))
  const labels = Object.fromEntries(
    page.aspects.map((aspect) => [aspect, aspectLabel(t, aspect, page.driverName)]),
  )
  const targets = Object.fromEntries(
    page.aspects.map((aspect) => [aspect, `${fields[aspect].id}-${STARS[0]}`]),
  )
  return (
    <section className="card" aria-labelledby="review-form-title">
      <div className="card__body">
        <h2 id="review-form-title" className="visually-hidden">
          {t('traveller.review.title')}
        </h2>
        <p>{t('traveller.review.intro')}</p>
        <Form method="post" className="review-form" {...getFormProps(form)}>
          <FormErrorSummary
            form={form}
            labels={{ ...labels, comment: t('traveller.review.comment') }}
            targets={targets}
            text={text}
          />
          <p className="field__hint" id="review-scale">
            {t('traveller.review.scale')}
          </p>
          {page.aspects.map((aspect) => (
            <StarField key={aspect} field={fields[aspect]} legend={labels[aspect]!} text={text} />
          ))}
          <TextareaField
            field={fields.comment}
            label={t('traveller.review.comment')}
            hint={t('traveller.review.commentHint', { max: page.commentMax })}
            rows={5}
            text={text}
          />
          <div className="field field--check">
            <label className="checkbox" htmlFor={fields.publish.id}>
              <input
                {...getInputProps(fields.publish, { type: 'checkbox', value: 'yes' })}
                key={fields.publish.key}
                aria-describedby="review-publish-hint"
              />
              <span>{t('traveller.review.publish', { name: page.authorName })}</span>
            </label>
            <p className="field__hint" id="review-publish-hint">
              {t('traveller.review.publishHint')}
            </p>
          </div>
          <button type="submit" className="button">
            {t('traveller.review.send')}
          </button>
        </Form>
      </div>
    </section>
  )
}

/** One question: five radio buttons, a star each, named for screen readers by their count. */
function StarField({
  field,
  legend,
  text,
}: {
  field: FieldMetadata<number | undefined>
  legend: string
  text: ReturnType<typeof useErrorText>
}) {
  const { t } = useTranslation()
  const invalid = Boolean(field.errors?.length)
  return (
    <fieldset
      className="star-field"
      aria-describedby={['review-scale', invalid ? field.errorId : ''].filter(Boolean).join(' ')}
    >
      <legend>{legend}</legend>
      <div className="star-field__options">
        {STARS.map((count) => {
          const id = `${field.id}-${count}`
          return (
            <label key={count} htmlFor={id} className="star-field__option">
              <input
                {...getInputProps(field, { type: 'radio', value: String(count) })}
                id={id}
                key={`${field.key}-${count}`}
                required
              />
              <span className="star-field__star" aria-hidden="true">
                ★
              </span>
              <span className="star-field__count">{t('traveller.review.stars', { count })}</span>
            </label>
          )
        })}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </fieldset>
  )
}

function SentReview({ page, review }: { page: Loaded; review: NonNullable<Loaded['review']> }) {
  const { t } = useTranslation()
  return (
    <section className="card" aria-labelledby="review-sent-title">
      <div className="card__body">
        <div className="alert alert--success" role="status">
          <p>
            {review.low ? `${t('traveller.review.thanksLow')} ` : ''}
            {t(
              review.consented
                ? 'traveller.review.thanksPublish'
                : 'traveller.review.thanksPrivate',
            )}
          </p>
        </div>
        <h2 id="review-sent-title">{t('traveller.review.yours', { date: review.sentOn })}</h2>
        <dl className="review-scores">
          {page.aspects.map((aspect) => (
            <div key={aspect}>
              <dt>{aspectLabel(t, aspect, page.driverName)}</dt>
              <dd>
                <StarScore
                  stars={review.stars[aspect]}
                  label={t('traveller.review.stars', { count: review.stars[aspect] })}
                />
              </dd>
            </div>
          ))}
        </dl>
        {review.comment ? (
          <blockquote className="review-comment">{review.comment}</blockquote>
        ) : null}
      </div>
    </section>
  )
}

/**
 * A tip for the driver by card: one of three amounts or another, paid on the
 * provider's page as its own small payment. What was paid is listed from
 * the database; a return that took no money says so.
 */
function TipCard({
  tip,
  driverName,
  lastResult,
}: {
  tip: NonNullable<Loaded['tip']>
  driverName: string | null
  lastResult: Parameters<typeof useForm<TipForm>>[0]['lastResult']
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<TipForm>({ id: 'tip-form', lastResult })
  const text = useErrorText({ '*': { min: tip.min, max: tip.max } })
  const otherId = `${fields.tipChoice.id}-other`
  return (
    <section className="card" id="tip" aria-labelledby="tip-title">
      <div className="card__body">
        <h2 id="tip-title">{t('traveller.tip.title')}</h2>
        {tip.notice ? (
          <div className="alert alert--info" role="status">
            <p>{t(`traveller.tip.returned.${tip.notice}`)}</p>
          </div>
        ) : null}
        {tip.paid.length ? (
          <ul className="tip-paid">
            {tip.paid.map((paid, index) => (
              <li key={index}>
                {t(paid.refunded ? 'traveller.tip.refunded' : 'traveller.tip.paid', {
                  amount: paid.amount,
                  date: paid.date,
                })}
              </li>
            ))}
          </ul>
        ) : null}
        <p>
          {driverName
            ? t('traveller.tip.leadNamed', { name: driverName })
            : t('traveller.tip.lead')}
        </p>
        <Form method="post" className="tip-form" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="tip" />
          <FormErrorSummary
            form={form}
            labels={{ tipChoice: t('traveller.tip.amount'), tipOther: t('traveller.tip.other') }}
            targets={{ tipChoice: `${fields.tipChoice.id}-${tip.choices[0]!.value}` }}
            text={text}
          />
          <fieldset
            className="tip-form__choices"
            aria-describedby={
              fields.tipChoice.errors?.length ? fields.tipChoice.errorId : undefined
            }
          >
            <legend>{t('traveller.tip.amount')}</legend>
            <div className="star-field__options">
              {tip.choices.map((choice) => {
                const id = `${fields.tipChoice.id}-${choice.value}`
                return (
                  <label key={choice.value} htmlFor={id} className="star-field__option">
                    <input
                      {...getInputProps(fields.tipChoice, { type: 'radio', value: choice.value })}
                      id={id}
                      key={`${fields.tipChoice.key}-${choice.value}`}
                    />
                    <span>{choice.label}</span>
                  </label>
                )
              })}
              <label htmlFor={otherId} className="star-field__option">
                <input
                  {...getInputProps(fields.tipChoice, { type: 'radio', value: 'other' })}
                  id={otherId}
                  key={`${fields.tipChoice.key}-other`}
                />
                <span>{t('traveller.tip.otherChoice')}</span>
              </label>
            </div>
            <FieldErrors
              id={fields.tipChoice.errorId}
              errors={fields.tipChoice.errors}
              text={text}
            />
          </fieldset>
          <div className="field tip-form__other">
            <label htmlFor={fields.tipOther.id}>
              {t('traveller.tip.other')} <span className="field__optional">({tip.currency})</span>
            </label>
            <input
              {...getInputProps(fields.tipOther, { type: 'text' })}
              key={fields.tipOther.key}
              inputMode="decimal"
              autoComplete="off"
              aria-describedby={[
                `${fields.tipOther.id}-hint`,
                fields.tipOther.errors?.length ? fields.tipOther.errorId : '',
              ]
                .filter(Boolean)
                .join(' ')}
            />
            <p id={`${fields.tipOther.id}-hint`} className="field__hint">
              {t('traveller.tip.otherHint', { min: tip.min, max: tip.max })}
            </p>
            <FieldErrors id={fields.tipOther.errorId} errors={fields.tipOther.errors} text={text} />
          </div>
          <p className="field__hint">{t('traveller.tip.how')}</p>
          <button type="submit" className="button button--accent">
            {t('traveller.tip.continue')}
          </button>
        </Form>
      </div>
    </section>
  )
}
