import { Form, Link, data, redirect, useNavigation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/booking-extra'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { requireStepBooking, vehicleSearchPath } from '~/booking/step-guard.server'
import {
  markExtrasDone,
  setExtraQuantity,
  DraftUnavailableError,
  ExtrasLimitError,
} from '~/booking/bookings.server'
import { toBookingMinor } from '~/domain/booking/money'
import {
  childSeatCount,
  classChildSeatLimit,
  extraCodes,
  extraUnitCents,
} from '~/domain/booking/extras'
import { presentBooking } from '~/booking/booking-view.server'
import { extrasFormSchema } from '~/booking/extras-form'
import { formValues } from '~/forms/form-data'
import { readNotice } from '~/booking/notices'
import { BookingStepLayout } from '~/components/booking-step'
import { BookingSummary } from '~/components/booking-summary'
import { formatMoney } from '~/utils/format'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'

// Not hydrated: each quantity is a form post; app/enhancements/keep-place.ts
// brings the reader back to where they pressed.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const { booking, extras } = await requireStepBooking(request, 'extra')
  const limit = classChildSeatLimit(booking.vehicle_class)
  const room = limit - childSeatCount(extras)
  return {
    language,
    notice: readNotice(request.url),
    view: presentBooking(booking, extras, language, site),
    /** Child and booster seats together: one fewer than the vehicle's seats. */
    limit,
    options: extraCodes.map((code) => ({
      code,
      minor: toBookingMinor(extraUnitCents[code], booking),
      quantity: extras[code],
      canAdd: room > 0,
    })),
    backTo: vehicleSearchPath(booking),
    meta: meta('booking-extra', { noindex: true }),
  }
}

/**
 * Two intents: 'set' gives one extra the quantity its button names (so a
 * repeated click changes nothing) and comes back here; 'continue' records the
 * step as done and goes on to the passenger step. Both redirect (303), so a
 * refresh never posts again. More seats than the vehicle allows are refused
 * with a message, the page as it was.
 */
export async function action({ request }: Route.ActionArgs) {
  const { handle, booking } = await requireStepBooking(request, 'extra')
  const post = extrasFormSchema.safeParse(formValues(await request.formData()))
  const now = new Date()
  try {
    if (!post.success) return data({ refused: true, limit: null }, { status: 400 })
    if (post.data.intent === 'continue') {
      await markExtrasDone(handle, booking.id, now)
      return redirect('/booking-passenger', 303)
    }
    await setExtraQuantity(handle, booking.id, post.data.extra, post.data.quantity, now)
    return redirect('/booking-extra', 303)
  } catch (error) {
    if (error instanceof ExtrasLimitError) {
      return data({ refused: false, limit: error.limit }, { status: 400 })
    }
    // The quote ran out or the booking moved on meanwhile: the guard says where to go.
    if (error instanceof DraftUnavailableError) return redirect('/booking-extra', 303)
    throw error
  }
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
