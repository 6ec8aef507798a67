import { Form, Link, useLocation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/booking-vehicle'
import { metaDescriptors } from '~/seo/meta'
import type { TripSearchValues } from '~/domain/trip-search'
import { returnParams, type ReturnSearchValues } from '~/domain/return-search'
import { currencies, type Currency } from '~/domain/money/currency'
import type { Language } from '~/i18n/config'
import { BookingProgress } from '~/components/booking-progress'
import { BookingNoticeMessage } from '~/components/booking-step'
import { RideSearch } from '~/components/route-search-form'
import { VehicleSpecs } from '~/components/cards'
import { formatDate, formatMoney } from '~/utils/format'
import { useSite } from '~/utils/root-data'
import { NoticeDialog } from '~/components/modal-dialog'
import { dialogClosedParam, tripFields } from '~/booking/vehicle-step'
import type { buildVehicleStep } from '~/booking/vehicle-step.server'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'
import { returnLine } from '~/booking/ride-label'
import { vehiclePageAction, vehiclePageData } from '~/storefront/vehicle-page.server'

export async function loader({ context, request }: Route.LoaderArgs) {
  return vehiclePageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return vehiclePageAction(context, request)
}

// Not hydrated: the search, the currency and the server's notices have their
// scripts in app/enhancements/, and Select is a plain form post.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

type StepData = Awaited<ReturnType<typeof buildVehicleStep>>
type PricedOutcome = Extract<NonNullable<StepData['outcome']>, { kind: 'priced' }>

function TripSummary({ outcome, language }: { outcome: PricedOutcome; language: Language }) {
  const { t } = useTranslation()
  const when: [string, string][] = [
    [t('booking.vehicle.date'), formatDate(outcome.date, language)],
    [t('booking.vehicle.time'), outcome.time],
  ]
  const rows: [string, string][] = outcome.hire
    ? [
        [t('booking.vehicle.from'), outcome.pickup],
        ...when,
        [t('booking.vehicle.hire'), t('search.hoursOption', { count: outcome.hire.hours })],
        [
          t('booking.vehicle.includedKm'),
          t('booking.vehicle.km', { count: outcome.hire.includedKm }),
        ],
        ...(outcome.hire.extraKm > 0
          ? ([
              [
                t('booking.vehicle.extraKm'),
                t('booking.vehicle.km', { count: outcome.hire.extraKm }),
              ],
            ] as [string, string][])
          : []),
      ]
    : [
        [t('booking.vehicle.from'), outcome.pickup],
        [t('booking.vehicle.to'), outcome.destination],
        ...when,
        [t('booking.vehicle.distance'), t('booking.vehicle.km', { count: outcome.km })],
        [t('booking.vehicle.estimatedTime'), t('booking.vehicle.hours', { count: outcome.hours })],
        ...(outcome.back
          ? ([
              [
                t('booking.return.label'),
                returnLine(
                  t,
                  { ...outcome.back, from: outcome.destination, to: outcome.pickup },
                  language,
                ),
              ],
            ] as [string, string][])
          : []),
      ]
  return (
    <section className="card trip-summary" aria-labelledby="trip-summary-title">
      <div className="card__body">
        <h2 id="trip-summary-title">{t('booking.vehicle.summaryTitle')}</h2>
        <dl className="trip-summary__list">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}

/** The search as the page's own forms carry it: a transfer's four fields, or the hire's. */
type SearchFields = Record<string, string>

function searchFieldsOf(step: {
  mode: 'transfer' | 'hourly'
  values: TripSearchValues
  hire: { date: string; time: string; pickup: string; hours: string; plannedKm: string }
  back: ReturnSearchValues
}): SearchFields {
  if (step.mode === 'hourly') {
    const { date, time, pickup, hours, plannedKm } = step.hire
    return { mode: 'hourly', date, time, pickup, hours, ...(plannedKm ? { km: plannedKm } : {}) }
  }
  return {
    ...Object.fromEntries(tripFields.map((name) => [name, step.values[name]])),
    ...returnParams(step.back),
  }
}

/** Hidden copies of the search fields: every form on the page carries the trip. */
function TripFields({ fields }: { fields: SearchFields }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}

function CurrencyForm({
  fields,
  currency,
  origin,
}: {
  fields: SearchFields
  currency: Currency
  origin?: string
}) {
  const { t } = useTranslation()
  return (
    <Form method="get" className="currency-form" preventScrollReset>
      <TripFields fields={fields} />
      {origin ? <input type="hidden" name="origin" value={origin} /> : null}
      <label htmlFor="currency">{t('booking.vehicle.currency')}</label>
      <select
        id="currency"
        name="currency"
        defaultValue={currency}
        // With a script the change submits the form (app/enhancements/frame.ts).
        data-submit-on-change=""
      >
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--ghost">
        {t('booking.vehicle.updateCurrency')}
      </button>
    </Form>
  )
}

/**
 * A class the fleet cannot drive at the searched time: said instead of its
 * Select button, with the nearest times it is free as links that search
 * again with only the time changed.
 */
function FullOffer({
  full,
  title,
  time,
  fields,
  phone,
}: {
  full: { closedReason: string | null; freeTimes: string[] }
  title: string
  time: string
  fields: SearchFields
  phone: string
}) {
  const { t } = useTranslation()
  return (
    <div className="offer__full">
      <p className="offer__full-title">
        <strong>
          {full.closedReason !== null
            ? t('booking.vehicle.closedAt', { time, reason: full.closedReason })
            : t('booking.vehicle.fullAt', { time })}
        </strong>
      </p>
      {full.freeTimes.length ? (
        <>
          <p>{t('booking.vehicle.freeTimesLead')}</p>
          <ul className="offer__free-times">
            {full.freeTimes.map((free) => (
              <li key={free}>
                <Link
                  className="button button--ghost"
                  to={`/booking-vehicle?${new URLSearchParams({ ...fields, time: free }).toString()}`}
                >
                  {free}
                  <span className="visually-hidden">
                    {' '}
                    {t('booking.vehicle.freeTimeFor', { title })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('booking.vehicle.noFreeTimes', { phone })}</p>
      )}
    </div>
  )
}

function suggestionLink(
  fields: SearchFields,
  field: 'pickup' | 'destination',
  replacement: string,
) {
  return `/booking-vehicle?${new URLSearchParams({ ...fields, [field]: replacement }).toString()}`
}

/** The fields an hourly search's error points at. */
function invalidHireFields(
  error: string,
  hire: { date: string; time: string; pickup: string; hours: string },
): string[] {
  if (error === 'fillAll') {
    return (['pickup', 'date', 'time', 'hours'] as const).filter((field) => !hire[field])
  }
  if (error === 'invalidHours') return ['hours']
  if (error === 'invalidPlannedKm') return ['plannedKm']
  if (error === 'placeTooLong' || error === 'placeControlCharacters') return ['pickup']
  if (error === 'invalidTime' || error === 'tooSoon') return ['time']
  return ['date']
}

/** The return's fields a return error points at. */
function invalidReturnFields(error: string, back: ReturnSearchValues): string[] {
  if (error === 'returnFillAll') {
    return (['returnDate', 'returnTime'] as const).filter(
      (field) => !back[field === 'returnDate' ? 'date' : 'time'],
    )
  }
  return error === 'returnInvalidTime' || error === 'returnTooEarly'
    ? ['returnTime']
    : ['returnDate']
}

export default function BookingVehicle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const site = useSite()
  const location = useLocation()
  const step = actionData ?? loaderData
  const { outcome, values, currency, language } = step
  const hourly = step.mode === 'hourly'
  const fields = searchFieldsOf(step)
  // Rendered open by the server, the page behind it inert until a script makes it
  // modal and closes it in place.
  const dialogOpen = step.serverDialog
  const outOfAreaText = hourly
    ? t('search.outOfArea.hourly')
    : step.origin === 'home'
      ? t('search.outOfArea.home')
      : t('search.outOfArea.booking')
  const dismissParams = new URLSearchParams(location.search)
  dismissParams.set(dialogClosedParam, 'closed')
  const dismissHref = `${location.pathname}?${dismissParams.toString()}`
  const errorId = 'search-error'
  const errorText =
    outcome?.kind === 'invalid'
      ? t(
          `search.errors.${outcome.error === 'fillAll' && hourly ? 'fillAllHourly' : outcome.error}`,
          {
            min: step.hireHours[0],
            max: step.hireHours.at(-1),
            hours: step.noticeHours,
          },
        )
      : outcome?.kind === 'not-found'
        ? t(outcome.wholeCity ? 'search.errors.wholeCity' : 'search.errors.notFound', {
            text: outcome.typed,
          })
        : outcome?.kind === 'same-place'
          ? t('search.errors.samePlace')
          : outcome?.kind === 'out-of-area'
            ? outOfAreaText
            : undefined
  const invalidFields: string[] =
    outcome?.kind === 'invalid'
      ? hourly
        ? invalidHireFields(outcome.error, step.hire)
        : outcome.error === 'fillAll'
          ? tripFields.filter((field) => !values[field])
          : outcome.error.startsWith('return')
            ? invalidReturnFields(outcome.error, step.back)
            : outcome.error === 'invalidTime' || outcome.error === 'tooSoon'
              ? ['time']
              : ['date']
      : outcome?.kind === 'not-found' || outcome?.kind === 'out-of-area'
        ? [outcome.field]
        : []

  return (
    <>
      {/* First in the page, so without JavaScript it is read and reached first. */}
      {outcome?.kind === 'out-of-area' ? (
        <NoticeDialog
          id="out-of-area"
          title={t('search.outOfArea.title')}
          text={outOfAreaText}
          button={t('search.outOfArea.okay')}
          open={dialogOpen}
          dismissHref={dismissHref}
          returnFocus={hourly ? 'vehicle-search-hire-pickup' : `vehicle-search-${outcome.field}`}
        />
      ) : null}
      {outcome?.kind === 'priced' && outcome.unavailable ? (
        <NoticeDialog
          id="unavailable"
          title={t('booking.vehicle.unavailableTitle')}
          text={t('booking.vehicle.unavailableText')}
          button={t('common.close')}
          open={dialogOpen}
          dismissHref={dismissHref}
        />
      ) : null}
      <div className="booking" inert={dialogOpen}>
        <div className="booking__head">
          <div className="container">
            <h1>{t('booking.vehicle.title')}</h1>
            <BookingProgress current="vehicle" />
          </div>
        </div>
        <div className="container booking__body">
          <BookingNoticeMessage notice={step.notice} />
          {errorText ? (
            // Out of area, the dialog has said it already: here it stays beside the search.
            <div
              className="alert alert--error"
              role={outcome?.kind === 'out-of-area' ? undefined : 'alert'}
              id={errorId}
              // While the notice says it, the page does not say it twice; once
              // the notice closes (app/enhancements/server-dialog.ts) it is here.
              hidden={outcome?.kind === 'out-of-area' && dialogOpen}
              data-hidden-while-dialog={
                outcome?.kind === 'out-of-area' && dialogOpen ? '' : undefined
              }
            >
              <p>{errorText}</p>
              {outcome?.kind === 'not-found' && outcome.suggestions.length ? (
                <>
                  <p>{t('search.didYouMean')}</p>
                  <ul className="suggestions">
                    {outcome.suggestions.map((name) => (
                      <li key={name}>
                        <Link to={suggestionLink(fields, outcome.field, name)}>{name}</Link>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          ) : null}

          <RideSearch
            key={JSON.stringify(fields)}
            idPrefix="vehicle-search"
            mode={step.mode}
            values={values}
            hire={step.hire}
            back={step.back}
            dateMin={step.dateMin}
            dateMax={step.dateMax}
            times={step.times}
            placeNames={step.placeNames}
            hirePlaceNames={step.hirePlaceNames}
            hireHours={step.hireHours}
            hireIncludedKm={step.hireIncludedKm}
            invalidFields={invalidFields}
            describedBy={errorText ? errorId : undefined}
          />

          {outcome?.kind === 'priced' ? (
            <>
              {step.selectionRefused ? (
                <div className="alert alert--error" role="alert">
                  <p>{t('booking.vehicle.selectionRefused')}</p>
                </div>
              ) : null}
              {outcome.allFull && !outcome.unavailable ? (
                <div className="alert alert--error" role="alert">
                  <p>{t('booking.vehicle.allFull', { time: outcome.time })}</p>
                </div>
              ) : null}
              {step.draftsLimited ? (
                <div className="alert alert--error" role="alert">
                  <p>{t('booking.vehicle.draftsLimited', { phone: site.phone })}</p>
                </div>
              ) : null}
              <div className="vehicle-step">
                <TripSummary outcome={outcome} language={language} />
                <div>
                  <div className="vehicle-step__toolbar">
                    <h2>{t('booking.vehicle.chooseTitle')}</h2>
                    <CurrencyForm fields={fields} currency={currency} origin={step.origin} />
                  </div>
                  <ul className="offers">
                    {outcome.offers.map((offer, index) => (
                      <li key={offer.code} className="card offer">
                        {/* Only the first offer is in view on a phone: the others load when near it. */}
                        <img
                          src={offer.image}
                          alt=""
                          width="480"
                          height="240"
                          className="offer__image"
                          loading={index === 0 ? undefined : 'lazy'}
                        />
                        <div className="offer__body">
                          <h3 className="card__title">{offer.title}</h3>
                          <p className="offer__models">
                            {t('booking.vehicle.models', { models: offer.models.join(', ') })}
                          </p>
                          <VehicleSpecs
                            passengers={offer.passengers}
                            luggage={offer.luggage}
                            paymentOptions={offer.paymentOptions}
                          />
                        </div>
                        <div className="offer__buy">
                          {offer.available && offer.full ? (
                            <FullOffer
                              full={offer.full}
                              title={offer.title}
                              time={outcome.time}
                              fields={fields}
                              phone={site.phone}
                            />
                          ) : offer.available ? (
                            <>
                              <p className="offer__price">
                                <strong>
                                  {formatMoney(offer.priceMinor / 100, currency, language)}
                                </strong>
                                {offer.legsMinor ? (
                                  <span className="offer__legs">
                                    {t('booking.return.legPrices', {
                                      outbound: formatMoney(
                                        offer.legsMinor.outbound / 100,
                                        currency,
                                        language,
                                      ),
                                      back: formatMoney(
                                        offer.legsMinor.back / 100,
                                        currency,
                                        language,
                                      ),
                                    })}
                                  </span>
                                ) : null}
                                <span>{t('booking.vehicle.priceIncludes')}</span>
                              </p>
                              <Form method="post" preventScrollReset>
                                <TripFields fields={fields} />
                                <input type="hidden" name="currency" value={currency} />
                                <input type="hidden" name="page" value={step.pageNonce} />
                                <input type="hidden" name="shownPrice" value={offer.priceMinor} />
                                <button
                                  type="submit"
                                  name="vehicleClass"
                                  value={offer.code}
                                  className="button button--accent button--block"
                                >
                                  {t('booking.vehicle.select')}
                                  <span className="visually-hidden"> {offer.title}</span>
                                </button>
                              </Form>
                            </>
                          ) : (
                            <p className="offer__unavailable">
                              {t('booking.vehicle.unavailableTitle')}
                            </p>
                          )}
                        </div>
                      </li>
                    ))}
                  </ul>
                  <p className="fine-print">
                    {outcome.ratesPinned
                      ? t('booking.vehicle.ratesNotePinned', {
                          currency,
                          date: formatDate(outcome.ratesDate, language),
                        })
                      : t('booking.vehicle.ratesNote', {
                          date: formatDate(outcome.ratesDate, language),
                        })}
                  </p>
                </div>
              </div>
            </>
          ) : null}
        </div>
      </div>
    </>
  )
}
