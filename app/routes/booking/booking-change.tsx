import { useMemo } from 'react'
import { Form, Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { HelpLines } from '~/components/ride/help-lines'
import type { Route } from './+types/booking-change'
import { metaDescriptors } from '~/seo/meta'
import { useErrorTitle } from '~/utils/use-error-title'
import { detailsFormSchema, type DetailsForm } from '~/traveller/details-form'
import { FormErrorSummary } from '~/forms/form-errors'
import { TextField } from '~/forms/fields'
import {
  ArrivalFields,
  CountFields,
  NotesField,
  PhoneField,
  PickupAddressField,
  ReturnPickupFields,
  passengerDetailLabels,
  passengerErrorValues,
  usePassengerErrorText,
} from '~/components/passenger-fields'
import { formatDate } from '~/utils/format'
import { plausiblePhone } from '~/domain/phone-shape'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'
import { FormCheck } from '~/forms/form-check'
import { changePageAction, changePageData } from '~/traveller/change-page.server'

// Not hydrated: app/enhancements/form-check.ts checks the form.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export async function loader({ context, request }: Route.LoaderArgs) {
  return changePageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return changePageAction(context, request)
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
            followsFlights={loaderData.followsFlights}
            pickupAddress={loaderData.pickupAddress}
            returnPickup={loaderData.returnPickup}
            language={language}
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
  followsFlights,
  pickupAddress,
  returnPickup,
  language,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  capacity: Loaded['capacity']
  childSeats: number
  stored: Loaded['stored']
  fromAirport: boolean
  followsFlights: boolean
  pickupAddress: Loaded['pickupAddress']
  returnPickup: Loaded['returnPickup']
  language: Loaded['language']
}) {
  const { t } = useTranslation()
  const asksAddress = pickupAddress !== null
  const returnKind = returnPickup?.kind ?? 'none'
  const schema = useMemo(
    () =>
      detailsFormSchema(
        { capacity, childSeats, pickupAddress: asksAddress, returnPickup: returnKind },
        // Only its constraints are read here: the action parses with the full phone check.
        plausiblePhone,
      ),
    [capacity, childSeats, asksAddress, returnKind],
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
        followsFlights={followsFlights}
        text={text}
      />
      {returnPickup ? (
        <ReturnPickupFields
          kind={returnPickup.kind}
          ride={{
            place: returnPickup.place,
            date: formatDate(returnPickup.date, language),
            time: returnPickup.time,
          }}
          address={fields.returnPickupAddress}
          flightNumber={fields.returnFlightNumber}
          followsFlights={followsFlights}
          text={text}
        />
      ) : null}
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
        params={{ capacity, childSeats, pickupAddress: asksAddress, returnPickup: returnKind }}
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
