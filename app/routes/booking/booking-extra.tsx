import { Form, Link, useNavigation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/booking-extra'
import { metaDescriptors } from '~/seo/meta'
import { BookingStepLayout } from '~/components/booking-step'
import { BookingSummary } from '~/components/booking-summary'
import { formatMoney } from '~/utils/format'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'
import { extrasPageAction, extrasPageData } from '~/storefront/extras-page.server'

// Not hydrated: each quantity is a form post; app/enhancements/keep-place.ts
// brings the reader back to where they pressed.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export async function loader({ context, request }: Route.LoaderArgs) {
  return extrasPageData(context, request)
}

export async function action({ request }: Route.ActionArgs) {
  return extrasPageAction(request)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function BookingExtra({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { view, options, language } = loaderData
  const busy = navigation.state !== 'idle'
  return (
    <BookingStepLayout
      step="extra"
      title={t('booking.extras.title')}
      notice={loaderData.notice}
      aside={<BookingSummary view={view} language={language} />}
    >
      <p className="booking-step__lead">{t('booking.extras.lead', { count: loaderData.limit })}</p>
      {actionData?.refused ? (
        <div className="alert alert--error" role="alert">
          <p>{t('booking.extras.refused')}</p>
        </div>
      ) : null}
      {actionData?.limit !== undefined && actionData.limit !== null ? (
        <div className="alert alert--error" role="alert">
          <p>{t('booking.extras.tooMany', { count: actionData.limit })}</p>
        </div>
      ) : null}
      <ul className="extras" aria-busy={busy}>
        {options.map((option) => {
          const title = t(`booking.extras.items.${option.code}.title`)
          const price = formatMoney(option.minor / 100, view.currency, language)
          return (
            <li
              key={option.code}
              className={`card extra${option.quantity > 0 ? ' is-chosen' : ''}`}
            >
              <div className="extra__text">
                <h2 className="extra__title">{title}</h2>
                <p>{t(`booking.extras.items.${option.code}.description`)}</p>
              </div>
              <p className="extra__price">{t('booking.extras.each', { price })}</p>
              <Form
                method="post"
                preventScrollReset
                replace
                className="extra__quantity"
                data-keep-place={option.code}
              >
                <input type="hidden" name="extra" value={option.code} />
                <input type="hidden" name="intent" value="set" />
                {option.quantity === 0 ? (
                  <button
                    type="submit"
                    name="quantity"
                    value="1"
                    className="button button--ghost"
                    disabled={!option.canAdd}
                  >
                    {t('booking.extras.add')}
                    <span className="visually-hidden"> {title}</span>
                  </button>
                ) : (
                  <>
                    <button
                      type="submit"
                      name="quantity"
                      value={option.quantity - 1}
                      className="button button--ghost extra__step"
                    >
                      <span aria-hidden="true">−</span>
                      <span className="visually-hidden">
                        {t('booking.extras.removeOne', { name: title })}
                      </span>
                    </button>
                    <output className="extra__count" aria-live="polite">
                      {t('booking.extras.count', { count: option.quantity })}
                    </output>
                    <button
                      type="submit"
                      name="quantity"
                      value={option.quantity + 1}
                      className="button button--accent extra__step"
                      disabled={!option.canAdd}
                    >
                      <span aria-hidden="true">+</span>
                      <span className="visually-hidden">
                        {t('booking.extras.addAnother', { name: title })}
                      </span>
                    </button>
                  </>
                )}
              </Form>
            </li>
          )
        })}
      </ul>
      <div className="booking-step__actions">
        <Link to={loaderData.backTo} className="button button--ghost">
          {t('booking.back')}
        </Link>
        <Form method="post">
          <button type="submit" name="intent" value="continue" className="button button--accent">
            {t('booking.continue')}
          </button>
        </Form>
      </div>
    </BookingStepLayout>
  )
}
