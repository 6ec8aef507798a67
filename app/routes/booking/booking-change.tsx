import { useMemo } from 'react'
import { Form, Link, data, redirect } from 'react-router'
import { useTranslation } from 'react-i18next'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/booking-change'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { useErrorTitle } from '~/utils/use-error-title'
import { phoneHref } from '~/config/site'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { vehicleCapacity } from '~/booking/booking-view.server'
import { passengerNames } from '~/booking/passenger-names.server'
import { detailsChange } from '~/domain/booking/traveller-rules'
import { pickupInstant } from '~/domain/trip-search'
import { detailsFormSchema, type DetailsForm } from '~/traveller/details-form'
import { changeBookingDetails } from '~/traveller/change-details.server'
import { translateFieldError } from '~/forms/text-input'
import { FormErrorSummary } from '~/forms/form-errors'
import { SelectField, TextField, TextareaField } from '~/forms/fields'
import { formatDate } from '~/utils/format'

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
  const whatsappText = page.t('received.whatsappMessage', { reference: booking.reference })
  return {
    meta: page.meta('booking-change', { noindex: true }),
    language: page.language,
    reference: booking.reference,
    date: view.trip.date,
    time: view.trip.time,
    state: detailsChange(
      booking.status,
      pickupInstant(booking.trip_date, booking.trip_time),
      new Date(),
    ),
    capacity: vehicleCapacity(booking.vehicle_class),
    stored: {
      phone: booking.phone ?? '',
      flightNumber: booking.flight_number ?? '',
      signName: booking.sign_name ?? '',
      notes: booking.notes ?? '',
      passengers: booking.passenger_count ? String(booking.passenger_count) : '',
      luggage: booking.luggage_count ? String(booking.luggage_count) : '',
      names: await passengerNames(handle.db, booking.id),
    },
    backHref: linkTo('/booking-received'),
    help: {
      phone: page.site.phone,
      whatsapp: page.site.whatsappNumber
        ? `https://wa.me/${page.site.whatsappNumber}?text=${encodeURIComponent(whatsappText)}`
        : null,
    },
  }
}

/** Validated against the booked vehicle's capacity as stored, whatever the browser offered. */
export async function action({ context, request }: Route.ActionArgs) {
  const page = pageContext(context, request)
  const { handle, booking, linkTo } = await ownBooking(request, page)
  const schema = detailsFormSchema(vehicleCapacity(booking.vehicle_class))
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

const range = (max: number) => Array.from({ length: max }, (_, index) => index + 1)

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
            stored={loaderData.stored}
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
            <ul className="received__help">
              <li>
                {t('received.helpPhone')}: <a href={phoneHref(help.phone)}>{help.phone}</a>
              </li>
              {help.whatsapp ? (
                <li>
                  <a href={help.whatsapp} rel="noopener noreferrer">
                    {t('received.helpWhatsapp')}
                  </a>
                </li>
              ) : null}
            </ul>
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
  stored,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  capacity: Loaded['capacity']
  stored: Loaded['stored']
}) {
  const { t } = useTranslation()
  const schema = useMemo(() => detailsFormSchema(capacity), [capacity])
  const [form, fields] = useForm<DetailsForm>({
    id: 'details-form',
    lastResult,
    defaultValue: stored,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const text = (error: string) =>
    translateFieldError(t, error, {
      count: error.endsWith('luggageMax') ? capacity.luggage : capacity.passengers,
    })
  const failed = Object.values(form.allErrors).some((errors) => errors.length > 0)
  useErrorTitle(failed)
  const names = fields.names.getFieldList()
  const nameLabel = (part: 'firstname' | 'lastname', index: number) =>
    t(`received.${part}`, { number: index + 1 })
  const counts = (max: number) => range(max).map((value) => ({ value, label: value }))
  return (
    <Form
      method="post"
      className="form-card booking-form"
      aria-labelledby="details-form-title"
      {...getFormProps(form)}
    >
      <h2 id="details-form-title">{t('traveller.change.formTitle')}</h2>
      <FormErrorSummary
        form={form}
        labels={{
          phone: t('booking.passenger.phone'),
          passengers: t('booking.passenger.passengers'),
          luggage: t('booking.passenger.luggage'),
          flightNumber: t('booking.passenger.flightNumber'),
          signName: t('booking.passenger.signName'),
          notes: t('booking.passenger.notes'),
          ...Object.fromEntries(
            names.flatMap((_, index) =>
              (['firstname', 'lastname'] as const).map((part) => [
                `names[${index}].${part}`,
                nameLabel(part, index),
              ]),
            ),
          ),
        }}
        text={text}
      />
      <div className="form-grid">
        <TextField
          field={fields.phone}
          label={t('booking.passenger.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('booking.passenger.phoneHint')}
          text={text}
        />
        <TextField
          field={fields.flightNumber}
          label={t('booking.passenger.flightNumber')}
          autoComplete="off"
          hint={t('booking.passenger.flightNumberHint')}
          text={text}
        />
        <TextField
          field={fields.signName}
          label={t('booking.passenger.signName')}
          autoComplete="name"
          text={text}
        />
        <SelectField
          field={fields.passengers}
          label={t('booking.passenger.passengers')}
          placeholder={t('booking.passenger.choose')}
          options={counts(capacity.passengers)}
          text={text}
        />
        <SelectField
          field={fields.luggage}
          label={t('booking.passenger.luggage')}
          placeholder={t('booking.passenger.choose')}
          options={counts(capacity.luggage)}
          text={text}
        />
      </div>
      <TextareaField
        field={fields.notes}
        label={t('booking.passenger.notes')}
        rows={4}
        hint={t('booking.passenger.notesHint')}
        text={text}
      />
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
      <div className="booking-step__actions">
        <button type="submit" className="button button--accent">
          {t('traveller.change.save')}
        </button>
      </div>
    </Form>
  )
}
