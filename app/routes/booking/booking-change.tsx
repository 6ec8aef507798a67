import { useMemo } from 'react'
import { Form, Link, data, redirect } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { HelpLines } from '~/components/ride/help-lines'
import { bookingHelp } from '~/traveller/ride-page.server'
import type { Route } from './+types/booking-change'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { useErrorTitle } from '~/utils/use-error-title'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { asksPickupAddress, vehicleCapacity } from '~/booking/booking-view.server'
import { bookingExtras } from '~/booking/bookings.server'
import { childSeatCount } from '~/domain/booking/extras'
import { passengerNames } from '~/booking/passenger-names.server'
import { detailsChange } from '~/domain/booking/traveller-rules'
import { bookingPickupInstant } from '~/domain/trip-search'
import { detailsFormSchema, type DetailsForm } from '~/traveller/details-form'
import { changeBookingDetails } from '~/traveller/change-details.server'
import { FormErrorSummary } from '~/forms/form-errors'
import { TextField } from '~/forms/fields'
import {
  ArrivalFields,
  CountFields,
  NotesField,
  PhoneField,
  PickupAddressField,
  passengerDetailLabels,
  passengerErrorValues,
  usePassengerErrorText,
} from '~/components/passenger-fields'
import { formatDate } from '~/utils/format'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'
import { FormCheck } from '~/forms/form-check'

// Not hydrated: app/enhancements/form-check.ts checks the form.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

/**
 * Change details: the traveller's own form for the phone, the flight, the
 * sign, the notes, the counts and the passengers' names of their paid
 * booking, until 24 hours before pickup. Only its owner (signed link or
 * cookie) sees it. The date, the time and the route are changed by phone.
 */
const ownBooking = (request: Request, page: ReturnType<typeof pageContext>) =>
  requirePaidBooking(request, { language: page.language, site: page.site, includeCancelled: true })

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageContext(context, request)
  const { handle, booking, view, linkTo } = await ownBooking(request, page)
  const extras = await bookingExtras(handle, booking.id)
  return {
    meta: page.meta('booking-change', { noindex: true }),
    language: page.language,
    reference: booking.reference,
    date: view.trip.date,
    time: view.trip.time,
    state: detailsChange(booking.status, bookingPickupInstant(booking), new Date()),
    capacity: vehicleCapacity(booking.vehicle_class),
    childSeats: childSeatCount(extras),
    fromAirport: view.trip.fromAirport,
    /** A pickup that is not an airport: its exact address, changed here too. */
    pickupAddress: asksPickupAddress(booking) ? { place: view.trip.pickup.name } : null,
    stored: {
      phone: booking.phone ?? '',
      flightNumber: booking.flight_number ?? '',
      signName: booking.sign_name ?? '',
      notes: booking.notes ?? '',
      pickupAddress: booking.pickup_address ?? '',
      passengers: booking.passenger_count ? String(booking.passenger_count) : '',
      luggage: booking.luggage_count ? String(booking.luggage_count) : '',
      names: await passengerNames(handle.db, booking.id),
    },
    backHref: linkTo('/booking-received'),
    help: bookingHelp(page.site, page.t, booking.reference),
  }
}

/** Validated against the booked vehicle's capacity as stored, whatever the browser offered. */
export async function action({ context, request }: Route.ActionArgs) {
  const page = pageContext(context, request)
  const { handle, booking, linkTo } = await ownBooking(request, page)
  const schema = detailsFormSchema(
    vehicleCapacity(booking.vehicle_class),
    childSeatCount(await bookingExtras(handle, booking.id)),
    asksPickupAddress(booking),
  )
  const submission = parseWithZod(await request.formData(), { schema })
  // Adding or removing a name row without JavaScript: the form comes back with it.
  if (submission.status === undefined) return data({ result: submission.reply() })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ result: submission.reply() }, { status: 400 })
  }
  const outcome = await changeBookingDetails(handle, booking.id, submission.value, new Date())
  if (outcome.kind === 'changed' || outcome.kind === 'unchanged') {
    return redirect(linkTo(`/booking-received?done=${outcome.kind}`), 303)
  }
  // The pickup came within 24 hours, or the booking was cancelled, while the form was open.
  markFormRefused(context)
  return data(
    { result: submission.reply({ formErrors: [`traveller.change.errors.${outcome.kind}`] }) },
    { status: outcome.kind === 'over-capacity' ? 400 : 409 },
  )
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function BookingChange({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { state, reference, language, help } = loaderData
  return (
    <div className="booking traveller-page">
      <div className="booking__head">
        <div className="container">
          <h1>{t('traveller.change.title')}</h1>
          <p className="received__note">
            {t('traveller.change.lead', {
              reference,
              date: formatDate(loaderData.date, language),
              time: loaderData.time,
            })}
          </p>
        </div>
      </div>
      <div className="container booking__body traveller-page__body">
        {state === 'open' ? (
          <DetailsChangeForm
            lastResult={actionData?.result}
            capacity={loaderData.capacity}
            childSeats={loaderData.childSeats}
            stored={loaderData.stored}
            fromAirport={loaderData.fromAirport}
            pickupAddress={loaderData.pickupAddress}
          />
        ) : (
          <div className="alert alert--info" role="status">
            <p>
              {t(state === 'closed' ? 'traveller.ride.closedChange' : 'traveller.ride.tooLate')}
            </p>
          </div>
        )}
        <section className="card" aria-labelledby="other-changes-title">
          <div className="card__body">
            <h2 id="other-changes-title">{t('traveller.change.otherTitle')}</h2>
            <p>{t('traveller.change.otherText')}</p>
            <HelpLines help={help} email={false} />
          </div>
        </section>
        <p>
          <Link to={loaderData.backHref}>{t('traveller.backToBooking')}</Link>
        </p>
      </div>
    </div>
  )
}

type Loaded = Route.ComponentProps['loaderData']

function DetailsChangeForm({
  lastResult,
  capacity,
  childSeats,
  stored,
  fromAirport,
  pickupAddress,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  capacity: Loaded['capacity']
  childSeats: number
  stored: Loaded['stored']
  fromAirport: boolean
  pickupAddress: Loaded['pickupAddress']
}) {
  const { t } = useTranslation()
  const asksAddress = pickupAddress !== null
  const schema = useMemo(
    () => detailsFormSchema(capacity, childSeats, asksAddress),
    [capacity, childSeats, asksAddress],
  )
  const [form, fields] = useForm<DetailsForm>({
    id: 'details-form',
    lastResult,
    defaultValue: stored,
    constraint: getZodConstraint(schema),
  })
  const text = usePassengerErrorText(capacity, childSeats)
  const failed = Object.values(form.allErrors).some((errors) => errors.length > 0)
  useErrorTitle(failed)
  const names = fields.names.getFieldList()
  const nameLabel = (part: 'firstname' | 'lastname', index: number) =>
    t(`received.${part}`, { number: index + 1 })
  const labels = {
    ...passengerDetailLabels(t),
    ...Object.fromEntries(
      names.flatMap((_, index) =>
        (['firstname', 'lastname'] as const).map((part) => [
          `names[${index}].${part}`,
          nameLabel(part, index),
        ]),
      ),
    ),
  }
  return (
    <Form
      method="post"
      className="form-card booking-form"
      aria-labelledby="details-form-title"
      {...getFormProps(form)}
    >
      <h2 id="details-form-title">{t('traveller.change.formTitle')}</h2>
      <FormErrorSummary form={form} labels={labels} text={text} />
      <div className="form-grid">
        <PhoneField field={fields.phone} text={text} />
        <CountFields
          passengers={fields.passengers}
          luggage={fields.luggage}
          capacity={capacity}
          text={text}
        />
      </div>
      {pickupAddress ? (
        <PickupAddressField field={fields.pickupAddress} place={pickupAddress.place} text={text} />
      ) : null}
      <ArrivalFields
        flightNumber={fields.flightNumber}
        signName={fields.signName}
        fromAirport={fromAirport}
        text={text}
      />
      <NotesField field={fields.notes} text={text} />
      <fieldset className="form-fieldset">
        <legend>{t('traveller.change.namesTitle')}</legend>
        <p className="field__hint">{t('traveller.change.namesHint')}</p>
        <ol className="change-names">
          {names.map((name, index) => {
            const row = name.getFieldset()
            return (
              <li key={name.key} className="change-names__row">
                <div className="form-grid">
                  <TextField
                    field={row.firstname}
                    label={nameLabel('firstname', index)}
                    autoComplete="off"
                    text={text}
                  />
                  <TextField
                    field={row.lastname}
                    label={nameLabel('lastname', index)}
                    autoComplete="off"
                    text={text}
                  />
                </div>
                <button
                  className="button button--ghost"
                  {...form.remove.getButtonProps({ name: fields.names.name, index })}
                >
                  {t('traveller.change.removeName', { number: index + 1 })}
                </button>
              </li>
            )
          })}
        </ol>
        {names.length < capacity.passengers ? (
          <button
            className="button button--ghost"
            {...form.insert.getButtonProps({
              name: fields.names.name,
              defaultValue: { firstname: '', lastname: '' },
            })}
          >
            {t('traveller.change.addName')}
          </button>
        ) : null}
      </fieldset>
      <FormCheck
        schema="details"
        params={{ capacity, childSeats, pickupAddress: asksAddress }}
        sections={['booking.errors', 'traveller.change.errors']}
        values={passengerErrorValues(capacity, childSeats)}
        summary={{ mode: 'fields', title: t('forms.summaryTitle'), focusable: true, labels }}
      />
      <div className="booking-step__actions">
        <button type="submit" className="button button--accent">
          {t('traveller.change.save')}
        </button>
      </div>
    </Form>
  )
}
