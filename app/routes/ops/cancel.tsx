import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/cancel'
import { cancelFormAction, cancelPageData } from '~/staff/cancel-pages.server'
import { ErrorSummary, FieldErrors } from '~/forms/form-errors'
import { useErrorTitle } from '~/utils/use-error-title'
import { useErrorText } from '~/forms/error-text'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return cancelPageData(context, request, params.reference)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return cancelFormAction(context, request, params.reference)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

/**
 * Cancelling a confirmed booking: a summary, the amount the card paid, a
 * required reason and the choice to refund it (the default) or not. A plain
 * form; a refused one comes back with what was typed.
 */
export default function OpsCancel({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const booking = loaderData
  const errors = actionData?.errors ?? {}
  const values = actionData?.values
  const outcome = actionData?.outcome ?? null
  const fieldErrors = Object.entries(errors).filter(([, message]) => Boolean(message))
  const text = useErrorText({ '*': { max: booking.reasonMax } })
  useErrorTitle(fieldErrors.length > 0 || outcome !== null)
  const bookingHref = `/ops/bookings/${booking.reference}`
  // The terms' default: a full refund within the free period, none after it.
  const refundChoice = values?.refund ?? (booking.withinFreePeriod ? 'full' : 'none')
  const cancellable = booking.cancellable && outcome === null
  return (
    <article aria-labelledby="ops-cancel-title">
      <p>
        <a href={bookingHref}>{t('ops.cancel.back', { reference: booking.reference })}</a>
      </p>
      <h1 id="ops-cancel-title">{t('ops.cancel.title', { reference: booking.reference })}</h1>
      <dl className="ops-details">
        <dt>{t('ops.booking.when')}</dt>
        <dd>{t('ops.booking.whenValue', { date: booking.trip.date, time: booking.trip.time })}</dd>
        <dt>{t('ops.booking.route')}</dt>
        <dd>{booking.trip.route}</dd>
        <dt>{t('ops.booking.name')}</dt>
        <dd>{booking.trip.traveller || t('ops.booking.none')}</dd>
        <dt>{t('ops.board.columns.status')}</dt>
        <dd>{t(`ops.statuses.${booking.status}`, { defaultValue: booking.status })}</dd>
        <dt>{t('ops.booking.paid')}</dt>
        <dd>{booking.paid}</dd>
      </dl>

      {outcome === 'already-cancelled' || (outcome === null && booking.status === 'cancelled') ? (
        <p className="alert alert--info" role="status">
          {t('ops.cancel.alreadyCancelled')} <a href={bookingHref}>{t('ops.cancel.seeBooking')}</a>
        </p>
      ) : null}
      {outcome === 'not-cancellable' ||
      (outcome === null && !booking.cancellable && booking.status !== 'cancelled') ? (
        <p className="alert alert--info" role="status">
          {t('ops.cancel.notCancellable')}
        </p>
      ) : null}

      {cancellable ? (
        <Form method="post" noValidate className="form-card" aria-labelledby="ops-cancel-title">
          {fieldErrors.length ? (
            <ErrorSummary
              focus
              content={{
                messages: [],
                title: t('ops.cancel.errors.summary'),
                links: fieldErrors.map(([field, message]) => ({
                  target:
                    field === 'reason'
                      ? 'cancel-reason'
                      : field === 'override'
                        ? 'cancel-override'
                        : 'cancel-refund-full',
                  content: text(message!),
                })),
              }}
            />
          ) : null}
          <div className="field">
            <label htmlFor="cancel-reason">{t('ops.cancel.reason')}</label>
            <p id="cancel-reason-hint" className="field__hint">
              {t('ops.cancel.reasonHint', { max: booking.reasonMax })}
            </p>
            <textarea
              id="cancel-reason"
              name="reason"
              rows={3}
              required
              maxLength={booking.reasonMax}
              defaultValue={values?.reason}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={
                errors.reason ? 'cancel-reason-hint cancel-reason-error' : 'cancel-reason-hint'
              }
            />
            <FieldErrors
              id="cancel-reason-error"
              errors={errors.reason ? [errors.reason] : undefined}
              text={text}
            />
          </div>
          {booking.refundable ? (
            <fieldset
              aria-describedby={
                errors.refund ? 'cancel-refund-terms cancel-refund-error' : 'cancel-refund-terms'
              }
              className="field"
            >
              <legend>{t('ops.cancel.refundLegend')}</legend>
              <p id="cancel-refund-terms" className="field__hint">
                {t(booking.withinFreePeriod ? 'ops.cancel.termsFull' : 'ops.cancel.termsLate')}
              </p>
              <label htmlFor="cancel-refund-full" className="payment-option">
                <input
                  type="radio"
                  id="cancel-refund-full"
                  name="refund"
                  value="full"
                  defaultChecked={refundChoice === 'full'}
                />
                <span>{t('ops.cancel.refundFull', { amount: booking.refundable })}</span>
              </label>
              <label htmlFor="cancel-refund-none" className="payment-option">
                <input
                  type="radio"
                  id="cancel-refund-none"
                  name="refund"
                  value="none"
                  defaultChecked={refundChoice === 'none'}
                />
                <span>{t('ops.cancel.refundNone')}</span>
              </label>
              <FieldErrors
                id="cancel-refund-error"
                errors={errors.refund ? [errors.refund] : undefined}
                text={text}
              />
              {booking.withinFreePeriod ? null : (
                <div className="field">
                  <label htmlFor="cancel-override">{t('ops.cancel.override')}</label>
                  <p id="cancel-override-hint" className="field__hint">
                    {t('ops.cancel.overrideHint')}
                  </p>
                  <input
                    id="cancel-override"
                    name="override"
                    type="text"
                    maxLength={booking.reasonMax}
                    defaultValue={values?.override}
                    aria-invalid={errors.override ? true : undefined}
                    aria-describedby={
                      errors.override
                        ? 'cancel-override-hint cancel-override-error'
                        : 'cancel-override-hint'
                    }
                  />
                  <FieldErrors
                    id="cancel-override-error"
                    errors={errors.override ? [errors.override] : undefined}
                    text={text}
                  />
                </div>
              )}
            </fieldset>
          ) : (
            <>
              <input type="hidden" name="refund" value="none" />
              <p>{t('ops.cancel.nothingToRefund')}</p>
            </>
          )}
          <button type="submit" className="button button--accent">
            {t('ops.cancel.submit')}
          </button>
        </Form>
      ) : null}
    </article>
  )
}
