import { formatDate } from '~/utils/format'
import { plausiblePhone } from '~/domain/phone-shape'
import { useMemo } from 'react'
import { Form, Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import type { Route } from './+types/booking-passenger'
import { metaDescriptors } from '~/seo/meta'
import { offeredUpdates, passengerSchema, type PassengerDetails } from '~/booking/booking-forms'
import { BookingStepLayout } from '~/components/booking-step'
import { BookingSummary } from '~/components/booking-summary'
import { FormErrorSummary } from '~/forms/form-errors'
import { CheckboxField, TextField } from '~/forms/fields'
import {
  ArrivalFields,
  CountFields,
  NotesField,
  ReturnPickupFields,
  PhoneField,
  DepartureField,
  PickupAddressField,
  UpdatesField,
  passengerDetailLabels,
  passengerErrorValues,
  usePassengerErrorText,
} from '~/components/passenger-fields'
import { useErrorTitle } from '~/utils/use-error-title'
import type { TypedFieldsHandle } from '~/components/language-switch'
import { loadAsDocument, staticPageHandle, type HydrateHandle } from '~/utils/hydrate-handle'
import { FormCheck } from '~/forms/form-check'
import { passengerPageAction, passengerPageData } from '~/storefront/passenger-page.server'

/** The language buttons carry this form: a switch keeps what was typed. */
// Not hydrated: the form is checked by app/enhancements/form-check.ts.
export const handle: TypedFieldsHandle & HydrateHandle = {
  ...staticPageHandle,
  typedFieldsForm: 'passenger-form',
}
export const clientLoader = loadAsDocument

export async function loader({ context, request }: Route.LoaderArgs) {
  return passengerPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return passengerPageAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function BookingPassenger({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { view, capacity, childSeats, asksAddress, updates, language, stored, returnPickup } =
    loaderData
  const schema = useMemo(
    () =>
      passengerSchema({
        capacity,
        childSeats,
        pickupAddress: asksAddress,
        updates,
        arrivalByAir: !asksAddress,
        returnPickup,
        // Only its constraints are read here: the action parses with the full phone check.
        phone: plausiblePhone,
      }),
    [capacity, childSeats, asksAddress, updates, returnPickup],
  )
  const [form, fields] = useForm<PassengerDetails>({
    id: 'passenger-form',
    lastResult: actionData?.result,
    defaultValue: stored,
    constraint: getZodConstraint(schema),
  })
  const question =
    (actionData && 'flightQuestion' in actionData ? actionData.flightQuestion : null) ?? undefined
  const text = usePassengerErrorText(capacity, childSeats, question)
  const choices = offeredUpdates(updates)
  // A summary's link to the choice goes to its first radio.
  const targets = { updates: `${fields.updates.id}-${choices[0]}` }
  const hasErrors = Object.values(form.allErrors).some((errors) => errors.length)
  useErrorTitle(hasErrors)

  return (
    <BookingStepLayout
      step="passenger"
      title={t('booking.passenger.title')}
      notice={loaderData.notice}
      aside={<BookingSummary view={view} language={language} />}
    >
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className="form-card booking-form"
        aria-labelledby="passenger-form-title"
      >
        <h2 id="passenger-form-title">
          {loaderData.company ? t('partners.booking.guestTitle') : t('booking.passenger.formTitle')}
        </h2>
        {loaderData.company ? (
          <p>{t('partners.booking.guestLead', { company: loaderData.company })}</p>
        ) : null}
        <FormErrorSummary
          form={form}
          labels={{
            name: t('booking.passenger.name'),
            lastName: t('booking.passenger.lastName'),
            email: t('booking.passenger.email'),
            ...passengerDetailLabels(t),
            // At an airport the field asks for the arriving flight.
            ...(asksAddress ? {} : { flightNumber: t('booking.passenger.arrivingFlight') }),
          }}
          targets={targets}
          text={text}
        />
        <div className="form-grid">
          <TextField
            field={fields.name}
            label={t('booking.passenger.name')}
            autoComplete="given-name"
            text={text}
          />
          <TextField
            field={fields.lastName}
            label={t('booking.passenger.lastName')}
            autoComplete="family-name"
            text={text}
          />
          <TextField
            field={fields.email}
            label={t('booking.passenger.email')}
            type="email"
            autoComplete="email"
            text={text}
          />
          <PhoneField field={fields.phone} text={text} />
          <CountFields
            passengers={fields.passengers}
            luggage={fields.luggage}
            capacity={capacity}
            text={text}
          />
        </div>
        <UpdatesField field={fields.updates} choices={choices} text={text} />
        {asksAddress ? (
          <PickupAddressField
            field={fields.pickupAddress}
            place={view.trip.pickup.name}
            text={text}
          />
        ) : null}
        <ArrivalFields
          flightNumber={fields.flightNumber}
          notByAir={fields.notByAir}
          // Asked about the flight: the traveller may keep it as typed.
          keepFlight={question?.field === 'flightNumber' ? fields.keepFlight : undefined}
          signName={fields.signName}
          fromAirport={!asksAddress}
          followsFlights={loaderData.followsFlights}
          text={text}
        />
        {loaderData.asksDeparture ? (
          <DepartureField
            field={fields.departureFlight}
            followsFlights={loaderData.followsFlights}
            text={text}
          />
        ) : null}
        {question?.field === 'departureFlight' ? (
          <CheckboxField field={fields.keepFlight} text={text}>
            {t('booking.passenger.keepFlight')}
          </CheckboxField>
        ) : null}
        {returnPickup !== 'none' && view.trip.back ? (
          <ReturnPickupFields
            kind={returnPickup}
            ride={{
              place: view.trip.back.from,
              date: formatDate(view.trip.back.date, language),
              time: view.trip.back.time,
            }}
            address={fields.returnPickupAddress}
            flightNumber={fields.returnFlightNumber}
            notByAir={fields.returnNotByAir}
            followsFlights={loaderData.followsFlights}
            text={text}
          />
        ) : null}
        <NotesField field={fields.notes} text={text} />
        <FormCheck
          schema="passenger"
          params={{ capacity, childSeats, pickupAddress: asksAddress, updates, returnPickup }}
          sections={['booking.errors']}
          values={passengerErrorValues(capacity, childSeats)}
          summary={{
            mode: 'fields',
            title: t('forms.summaryTitle'),
            focusable: true,
            targets,
            labels: {
              name: t('booking.passenger.name'),
              lastName: t('booking.passenger.lastName'),
              email: t('booking.passenger.email'),
              ...passengerDetailLabels(t),
            },
          }}
        />
        {loaderData.signedIn ? (
          <div className="field field--check">
            <label className="checkbox" htmlFor="save-to-account">
              <input id="save-to-account" type="checkbox" name="saveToAccount" defaultChecked />
              <span>{t('travellerAccount.saveToAccount')}</span>
            </label>
          </div>
        ) : null}
        <div className="booking-step__actions">
          <Link to="/booking-extra" className="button button--ghost">
            {t('booking.back')}
          </Link>
          <button type="submit" className="button button--accent">
            {t('booking.continue')}
          </button>
        </div>
      </Form>
    </BookingStepLayout>
  )
}
