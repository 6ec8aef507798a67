import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/message'
import { messageFormAction, messagePageData } from '~/staff/message-page.server'
import { ErrorSummary, FieldErrors } from '~/forms/form-errors'
import { useErrorTitle } from '~/utils/use-error-title'
import { useErrorText } from '~/forms/error-text'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return messagePageData(context, request, params.reference)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return messageFormAction(context, request, params.reference)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

/**
 * Writing to a booking's traveller: by the text channel they chose, or by
 * e-mail. A plain form; a refused one comes back with what was typed.
 */
export default function OpsMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  const errors = actionData?.errors ?? {}
  const values = actionData?.values
  const fieldErrors = Object.entries(errors).filter(([, message]) => Boolean(message))
  const text = useErrorText({ '*': { count: actionData?.count ?? 0 } })
  useErrorTitle(fieldErrors.length > 0)
  const bookingHref = `/ops/bookings/${page.reference}`
  const channel = values?.channel ?? (page.text ? 'text' : 'email')
  const channelName = page.text ? t(`ops.mails.channels.${page.text.channel}`) : ''
  return (
    <article aria-labelledby="ops-message-title">
      <p>
        <a href={bookingHref}>{t('ops.message.back')}</a>
      </p>
      <h1 id="ops-message-title">{t('ops.message.title', { reference: page.reference })}</h1>
      <dl className="ops-details">
        <dt>{t('ops.message.to')}</dt>
        <dd>{page.traveller || t('ops.booking.none')}</dd>
      </dl>
      <Form method="post" noValidate className="form-card" aria-labelledby="ops-message-title">
        {fieldErrors.length ? (
          <ErrorSummary
            focus
            content={{
              messages: [],
              title: t('forms.summaryTitle'),
              links: fieldErrors.map(([field, message]) => ({
                target: field === 'message' ? 'message-text' : `message-channel-${channel}`,
                content: text(message!),
              })),
            }}
          />
        ) : null}
        <fieldset
          className="field"
          aria-describedby={errors.channel ? 'message-channel-error' : undefined}
        >
          <legend>{t('ops.message.channel')}</legend>
          {page.text ? (
            <label htmlFor="message-channel-text" className="payment-option">
              <input
                type="radio"
                id="message-channel-text"
                name="channel"
                value="text"
                defaultChecked={channel === 'text'}
              />
              <span>{t('ops.message.text', { channel: channelName, phone: page.text.phone })}</span>
            </label>
          ) : (
            <p className="field__hint">{t('ops.message.noText')}</p>
          )}
          {page.email ? (
            <label htmlFor="message-channel-email" className="payment-option">
              <input
                type="radio"
                id="message-channel-email"
                name="channel"
                value="email"
                defaultChecked={channel === 'email'}
              />
              <span>{t('ops.message.email', { email: page.email })}</span>
            </label>
          ) : null}
          <FieldErrors
            id="message-channel-error"
            errors={errors.channel ? [errors.channel] : undefined}
            text={text}
          />
        </fieldset>
        <div className="field">
          <label htmlFor="message-text">{t('ops.message.message')}</label>
          <p id="message-text-hint" className="field__hint">
            {t('ops.message.hint')}
          </p>
          <textarea
            id="message-text"
            name="message"
            rows={5}
            required
            maxLength={page.max}
            defaultValue={values?.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={
              errors.message ? 'message-text-hint message-text-error' : 'message-text-hint'
            }
          />
          <FieldErrors
            id="message-text-error"
            errors={errors.message ? [errors.message] : undefined}
            text={text}
          />
        </div>
        <button type="submit" className="button button--accent">
          {t('ops.message.send')}
        </button>
      </Form>
    </article>
  )
}
