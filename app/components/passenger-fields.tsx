import type { ComponentProps } from 'react'
import { useTranslation } from '~/i18n/use-translation'
import type { VehicleCapacity } from '~/booking/booking-forms'
import type { FieldMetadata } from '@conform-to/react'
import { getInputProps } from '@conform-to/react'
import type { UpdatesChannel } from '~/domain/messages/updates-channel'
import { CheckboxField, SelectField, TextField, TextareaField } from '~/forms/fields'
import { FieldErrors } from '~/forms/form-errors'
import { useErrorText } from '~/forms/error-text'
import type { ErrorValues } from '~/forms/error-markup'

/**
 * The passenger details the booking's passenger step asks for and the
 * traveller's change form asks again: the phone, the passenger and luggage
 * counts (up to the booked class's capacity), the flight and the sign, the
 * notes. One set of fields, labels and hints, so both forms say the same.
 */

type TextFieldMeta = ComponentProps<typeof TextField>['field']
type SelectFieldMeta = ComponentProps<typeof SelectField>['field']

/** The labels of these fields, for a form's error summary. */
export function passengerDetailLabels(t: (key: string) => string) {
  return {
    phone: t('booking.passenger.phone'),
    passengers: t('booking.passenger.passengers'),
    luggage: t('booking.passenger.luggage'),
    flightNumber: t('booking.passenger.flightNumber'),
    signName: t('booking.passenger.signName'),
    notes: t('booking.passenger.notes'),
    pickupAddress: t('booking.passenger.pickupAddress'),
    updates: t('booking.passenger.updates.legend'),
    notByAir: t('booking.passenger.notByAir'),
    departureFlight: t('booking.passenger.departureFlight'),
    returnPickupAddress: t('booking.passenger.returnPickupAddress'),
    returnFlightNumber: t('booking.passenger.returnArrivingFlight'),
    returnNotByAir: t('booking.passenger.returnNotByAir'),
  }
}

type ChoiceFieldMeta = Parameters<typeof getInputProps>[0]

/**
 * How the traveller wants their ride updates: plain radios in a fieldset,
 * with what is sent and how to stop it. When only e-mail is offered (no
 * messaging provider), a sentence says so and no choice is asked.
 */
export function UpdatesField({
  field,
  choices,
  text,
}: {
  field: ChoiceFieldMeta & { errorId: string; errors?: string[]; id: string; key?: string }
  choices: readonly UpdatesChannel[]
  text: (error: string) => string
}) {
  const { t } = useTranslation()
  if (choices.length < 2) {
    return <p className="choice-options__hint">{t('booking.passenger.updates.emailOnly')}</p>
  }
  const hintId = `${field.id}-hint`
  const invalid = Boolean(field.errors?.length)
  return (
    <fieldset
      className="choice-options"
      aria-describedby={invalid ? `${hintId} ${field.errorId}` : hintId}
    >
      <legend>{t('booking.passenger.updates.legend')}</legend>
      <p id={hintId} className="choice-options__hint">
        {t('booking.passenger.updates.hint')}
      </p>
      {choices.map((choice) => {
        const id = `${field.id}-${choice}`
        return (
          <label key={choice} htmlFor={id} className="choice-option">
            <input
              {...getInputProps(field, { type: 'radio', value: choice })}
              id={id}
              key={`${field.key}-${choice}`}
            />
            <span>{t(`booking.passenger.updates.${choice}`)}</span>
          </label>
        )
      })}
      <FieldErrors id={field.errorId} errors={field.errors} text={text} />
    </fieldset>
  )
}

/**
 * The values of the passenger schemas' errors, for the server's texts and the
 * browser's check alike: a count's maximum is the class's capacity, and with
 * child seats booked the passengers are at least one more.
 */
export function passengerErrorValues(capacity: VehicleCapacity, childSeats = 0): ErrorValues {
  return {
    '*': { count: capacity.passengers, min: childSeats + 1 },
    'booking.errors.luggageMax': { count: capacity.luggage },
    'booking.errors.passengersForSeats': { count: childSeats },
  }
}

/**
 * Translates the passenger schemas' errors (passengerErrorValues), and the
 * server's question about the flight with the values it names.
 */
export function usePassengerErrorText(
  capacity: VehicleCapacity,
  childSeats = 0,
  question?: { error: string; values: Record<string, string> },
) {
  return useErrorText({
    ...passengerErrorValues(capacity, childSeats),
    ...(question ? { [question.error]: question.values } : {}),
  })
}

export function PhoneField({
  field,
  text,
}: {
  field: TextFieldMeta
  text: (error: string) => string
}) {
  const { t } = useTranslation()
  return (
    <TextField
      field={field}
      label={t('booking.passenger.phone')}
      type="tel"
      autoComplete="tel"
      hint={t('booking.passenger.phoneHint')}
      text={text}
    />
  )
}

const range = (max: number) =>
  Array.from({ length: max }, (_, index) => ({ value: index + 1, label: index + 1 }))

/** Passengers and luggage, each from 1 to what the booked class takes. */
export function CountFields({
  passengers,
  luggage,
  capacity,
  text,
}: {
  passengers: SelectFieldMeta
  luggage: SelectFieldMeta
  capacity: VehicleCapacity
  text: (error: string) => string
}) {
  const { t } = useTranslation()
  return (
    <>
      <SelectField
        field={passengers}
        label={t('booking.passenger.passengers')}
        placeholder={t('booking.passenger.choose')}
        options={range(capacity.passengers)}
        text={text}
      />
      <SelectField
        field={luggage}
        label={t('booking.passenger.luggage')}
        placeholder={t('booking.passenger.choose')}
        options={range(capacity.luggage)}
        text={text}
      />
    </>
  )
}

/**
 * The flight and the name on the meet & greet sign. At an airport the flight
 * the traveller arrives on is required, unless they tick that they are not
 * arriving by air: an explicit choice, a plain checkbox that works without
 * JavaScript. Elsewhere the flight is optional. The hint promises that the
 * flight is followed only when something follows it (`followsFlights`).
 */
export function ArrivalFields({
  flightNumber,
  notByAir,
  keepFlight,
  signName,
  fromAirport,
  followsFlights,
  text,
}: {
  flightNumber: TextFieldMeta
  /** The passenger step's "not arriving by air"; "Change details" keeps the flight optional. */
  notByAir?: FieldMetadata<boolean | undefined>
  /** Offered once the flight was found not to fit the booking: keep it as typed. */
  keepFlight?: FieldMetadata<boolean | undefined>
  signName: TextFieldMeta
  fromAirport: boolean
  followsFlights: boolean
  text: (error: string) => string
}) {
  const { t } = useTranslation()
  const asksFlight = fromAirport && notByAir !== undefined
  const hint = fromAirport
    ? t(followsFlights ? 'booking.passenger.arrivalFollowed' : 'booking.passenger.arrivalAirport')
    : t('booking.passenger.arrivalOther')
  return (
    <fieldset className="form-fieldset">
      <legend>{t('booking.passenger.arrivalTitle')}</legend>
      <p className="field__hint">{hint}</p>
      <div className="form-grid">
        <TextField
          field={flightNumber}
          label={t(
            asksFlight ? 'booking.passenger.arrivingFlight' : 'booking.passenger.flightNumber',
          )}
          autoComplete="off"
          hint={t('booking.passenger.flightNumberHint')}
          text={text}
        />
        <TextField
          field={signName}
          label={t('booking.passenger.signName')}
          autoComplete="name"
          text={text}
        />
      </div>
      {keepFlight ? (
        <CheckboxField field={keepFlight} text={text}>
          {t('booking.passenger.keepFlight')}
        </CheckboxField>
      ) : null}
      {asksFlight ? (
        <CheckboxField field={notByAir} text={text}>
          {t('booking.passenger.notByAir')}
        </CheckboxField>
      ) : null}
    </fieldset>
  )
}

/**
 * The flight a ride to an airport is to catch (optional). With a provider the
 * step checks the booked pickup leaves time to catch it, and the evening
 * before the departure is checked again; the hint says so only then.
 */
export function DepartureField({
  field,
  followsFlights,
  text,
}: {
  field: TextFieldMeta
  followsFlights: boolean
  text: (error: string) => string
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="form-fieldset">
      <legend>{t('booking.passenger.departureTitle')}</legend>
      <p className="field__hint">
        {t(
          followsFlights
            ? 'booking.passenger.departureFollowed'
            : 'booking.passenger.departurePlain',
        )}
      </p>
      <div className="form-grid">
        <TextField
          field={field}
          label={t('booking.passenger.departureFlight')}
          autoComplete="off"
          hint={t('booking.passenger.flightNumberHint')}
          text={text}
        />
      </div>
    </fieldset>
  )
}

/**
 * The exact address or hotel of a pickup that is not an airport: the place
 * searched from (`place`, 'Taksim') is only the district the ride is priced in.
 */
export function PickupAddressField({
  field,
  place,
  text,
}: {
  field: TextFieldMeta
  place: string
  text: (error: string) => string
}) {
  const { t } = useTranslation()
  return (
    <TextField
      field={field}
      label={t('booking.passenger.pickupAddress')}
      autoComplete="street-address"
      hint={t('booking.passenger.pickupAddressHint', { place })}
      text={text}
    />
  )
}

/**
 * A trip there and back: its return ride's pickup (the outbound's destination),
 * asked by the rules of any pickup. In town, its exact address; at an airport,
 * the flight landing before it, unless the traveller ticks that they are not
 * arriving by air. `ride` names the pickup, the date and the time.
 */
export function ReturnPickupFields({
  kind,
  ride,
  address,
  flightNumber,
  notByAir,
  followsFlights,
  text,
}: {
  kind: 'address' | 'airport'
  ride: { place: string; date: string; time: string }
  address: TextFieldMeta
  flightNumber: TextFieldMeta
  /** The passenger step's "not arriving by air"; "Change details" keeps the flight optional. */
  notByAir?: FieldMetadata<boolean | undefined>
  followsFlights: boolean
  text: (error: string) => string
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="form-fieldset">
      <legend>{t('booking.passenger.returnPickupTitle')}</legend>
      <p className="field__hint">{t('booking.passenger.returnPickupLead', ride)}</p>
      {kind === 'address' ? (
        <TextField
          field={address}
          label={t('booking.passenger.returnPickupAddress')}
          autoComplete="off"
          hint={t('booking.passenger.pickupAddressHint', { place: ride.place })}
          text={text}
        />
      ) : (
        <>
          <p className="field__hint">
            {t(
              followsFlights
                ? 'booking.passenger.arrivalFollowed'
                : 'booking.passenger.arrivalAirport',
            )}
          </p>
          <div className="form-grid">
            <TextField
              field={flightNumber}
              label={t('booking.passenger.returnArrivingFlight')}
              autoComplete="off"
              hint={t('booking.passenger.flightNumberHint')}
              text={text}
            />
          </div>
          {notByAir ? (
            <CheckboxField field={notByAir} text={text}>
              {t('booking.passenger.returnNotByAir')}
            </CheckboxField>
          ) : null}
        </>
      )}
    </fieldset>
  )
}

export function NotesField({
  field,
  text,
}: {
  field: TextFieldMeta
  text: (error: string) => string
}) {
  const { t } = useTranslation()
  return (
    <TextareaField
      field={field}
      label={t('booking.passenger.notes')}
      rows={4}
      hint={t('booking.passenger.notesHint')}
      text={text}
    />
  )
}
