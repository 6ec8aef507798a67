import { Form, data, redirect } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/booking-received'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { getDatabase } from '~/db/db.server'
import type { BookingRow } from '~/db/schema'
import { findOwnBooking } from '~/booking/booking-access.server'
import { bookingExtraCodes } from '~/booking/bookings.server'
import { presentBooking } from '~/booking/booking-view.server'
import {
  completeBooking,
  passengerNames,
  type PassengerName,
} from '~/booking/passenger-names.server'
import { formatDate, formatMoney } from '~/utils/format'

/**
 * The booking received page (seed, Booking flow): only for the browser that
 * made the booking or the holder of the e-mail's signed link; anyone else gets
 * the not-found page, which says nothing about whether the booking exists.
 */
async function paidBooking(request: Request) {
  const handle = await getDatabase()
  const own = await findOwnBooking(handle, request)
  if (!own) throw data(null, { status: 404 })
  const { booking } = own
  if (booking.status !== 'confirmed' && booking.status !== 'completed') {
    if (own.viaLink) throw data(null, { status: 404 })
    throw redirect('/booking-payment')
  }
  return { handle, booking }
}

const NAME_MAX = 100

function readNames(form: FormData): PassengerName[] {
  const first = form.getAll('firstname').map((value) => String(value).trim().slice(0, NAME_MAX))
  const last = form.getAll('lastname').map((value) => String(value).trim().slice(0, NAME_MAX))
  return first.map((firstname, index) => ({ firstname, lastname: last[index] ?? '' }))
}

/** The seed's maximum: the booking's passenger count, never below 0. */
const maxPassengers = (booking: BookingRow) => Math.max(booking.passenger_count ?? 0, 0)

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const { handle, booking } = await paidBooking(request)
  const extras = await bookingExtraCodes(handle, booking.id)
  const stored = await passengerNames(handle, booking.id)
  return data(
    {
      language,
      view: presentBooking(booking, extras, language, site),
      order: {
        reference: booking.reference,
        date: booking.trip_date,
        paymentOption: booking.payment_option ?? 'fullCard',
        email: booking.email,
      },
      passenger: {
        firstName: booking.first_name,
        lastName: booking.last_name,
        email: booking.email,
        phone: booking.phone,
        address: booking.billing_address,
        city: booking.billing_city,
        country: booking.billing_country,
        zipcode: booking.billing_zipcode,
      },
      names: stored.length
        ? stored
        : [{ firstname: booking.first_name ?? '', lastname: booking.last_name ?? '' }],
      max: maxPassengers(booking),
      completed: new URL(request.url).searchParams.get('completed') === '1',
      meta: meta('booking-received', { noindex: true }),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/**
 * Two buttons: '+ Add Passenger' gives the list one more blank entry (up to the
 * booking's passenger count), 'Complete Reservation' saves the names and marks
 * the booking completed, then shows the seed's dialog.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { handle, booking } = await paidBooking(request)
  const form = await request.formData()
  const names = readNames(form)
  const max = maxPassengers(booking)
  if (form.get('intent') === 'add') {
    if (names.length >= max) return data({ names, limitReached: true, missing: [] as number[] })
    return { names: [...names, { firstname: '', lastname: '' }], limitReached: false, missing: [] }
  }
  const missing = names.flatMap((name, index) => (name.firstname && name.lastname ? [] : [index]))
  if (!names.length || names.length > max || missing.length) {
    markFormRefused(context)
    return data({ names, limitReached: false, missing }, { status: 400 })
  }
  await completeBooking(handle, booking, names, new Date())
  const url = new URL(request.url)
  url.searchParams.set('completed', '1')
  return redirect(`${url.pathname}${url.search}`, 303)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function BookingReceived({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { view, order, passenger, language } = loaderData
  const names = actionData?.names ?? loaderData.names
  const missing = new Set(actionData?.missing ?? [])
  const dash = (value: string | null | undefined) => (value && value.trim() ? value : '-')
  const rows = (entries: [string, string][]) => (
    <dl className="trip-summary__list">
      {entries.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
  return (
    <div className="booking received">
      <div className="booking__head">
        <div className="container">
          <h1>{t('received.title')}</h1>
          <p className="received__note">{t('received.emailNote', { email: order.email })}</p>
        </div>
      </div>
      <div className="container booking__body received__grid">
        <section className="card" aria-labelledby="order-title">
          <div className="card__body">
            <h2 id="order-title">{t('received.orderTitle')}</h2>
            {rows([
              [t('received.orderNumber'), order.reference],
              [t('received.date'), order.date ? formatDate(view.trip.date, language) : '-'],
              [t('received.total'), formatMoney(view.totalMinor / 100, view.currency, language)],
              [
                t('received.paymentMethod'),
                order.paymentOption === 'depositCash'
                  ? t('received.depositCash')
                  : t('received.fullCard'),
              ],
            ])}
          </div>
        </section>
        <section className="card" aria-labelledby="reservation-title">
          <div className="card__body">
            <h2 id="reservation-title">{t('received.reservationTitle')}</h2>
            {rows([
              [t('received.pickup'), view.trip.pickup.typed ?? view.trip.pickup.name],
              [t('received.dropoff'), view.trip.destination.typed ?? view.trip.destination.name],
              [t('received.pickupDate'), formatDate(view.trip.date, language)],
              [t('received.pickupTime'), view.trip.time],
              [t('received.vehicle'), view.vehicle.title],
              [
                t('received.extras'),
                view.extras.length
                  ? view.extras
                      .map((extra) => t(`booking.extras.items.${extra.code}.title`))
                      .join(', ')
                  : t('received.none'),
              ],
            ])}
          </div>
        </section>
        <section className="card" aria-labelledby="passenger-info-title">
          <div className="card__body">
            <h2 id="passenger-info-title">{t('received.passengerTitle')}</h2>
            {rows([
              [t('received.firstName'), dash(passenger.firstName)],
              [t('received.lastName'), dash(passenger.lastName)],
              [t('received.email'), dash(passenger.email)],
              [t('received.phone'), dash(passenger.phone)],
              [t('received.address'), dash(passenger.address)],
              [t('received.city'), dash(passenger.city)],
              [t('received.country'), dash(passenger.country)],
              [t('received.zip'), dash(passenger.zipcode)],
            ])}
          </div>
        </section>
        <section className="card received__names" aria-labelledby="names-title">
          <div className="card__body">
            <h2 id="names-title">{t('received.namesTitle')}</h2>
            <Form method="post" noValidate preventScrollReset>
              {actionData?.limitReached ? (
                <div className="alert alert--error" role="alert">
                  <p>{t('received.limitReached')}</p>
                </div>
              ) : null}
              {missing.size ? (
                <div className="alert alert--error" role="alert">
                  <p>{t('received.namesRequired')}</p>
                </div>
              ) : null}
              <ol className="received__list">
                {names.map((name, index) => (
                  <li key={`${index}-${names.length}`} className="form-grid">
                    {(['firstname', 'lastname'] as const).map((part) => {
                      const id = `passenger-${index}-${part}`
                      const invalid = missing.has(index) && !name[part]
                      return (
                        <div className="field" key={part}>
                          <label htmlFor={id}>{t(`received.${part}`, { number: index + 1 })}</label>
                          <input
                            id={id}
                            name={part}
                            defaultValue={name[part]}
                            required
                            maxLength={NAME_MAX}
                            autoComplete="off"
                            aria-invalid={invalid || undefined}
                          />
                        </div>
                      )
                    })}
                  </li>
                ))}
              </ol>
              <div className="booking-step__actions">
                <button type="submit" name="intent" value="add" className="button button--ghost">
                  {t('received.addPassenger')}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="complete"
                  className="button button--accent"
                >
                  {t('received.complete')}
                </button>
              </div>
            </Form>
          </div>
        </section>
      </div>
      {loaderData.completed ? (
        <dialog open className="notice-dialog" aria-labelledby="completed-title">
          <h2 id="completed-title">{t('received.completedTitle')}</h2>
          <p>{t('received.completedText')}</p>
          <form method="dialog">
            <button type="submit" className="button button--accent">
              {t('received.close')}
            </button>
          </form>
        </dialog>
      ) : null}
    </div>
  )
}
