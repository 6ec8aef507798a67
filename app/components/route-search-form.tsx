import { useTranslation } from '~/i18n/use-translation'
import { Icon } from './icons'
import { PlacesDatalist } from './places-datalist'
import { useSite } from '~/utils/root-data'
import { NoticeDialog } from './modal-dialog'
import { optionsMarkup, type SelectOption } from './options-markup'

export interface RouteSearchValues {
  date?: string
  time?: string
  pickup?: string
  destination?: string
}

export interface HireSearchValues {
  date?: string
  time?: string
  pickup?: string
  hours?: string
  plannedKm?: string
}

type HireField = keyof HireSearchValues

/** 'Add a return' and the return's pickup date and time. */
export interface ReturnValues {
  wanted?: boolean
  date?: string
  time?: string
}

interface SearchOptions {
  idPrefix: string
  dateMin: string
  dateMax: string
  times: string[]
  /** Where the search started ('home' picks the home page's out-of-area text). */
  origin?: 'home'
  /** The id of the message explaining an error, for the invalid fields. */
  describedBy?: string
}

/**
 * The search of the home banner and the vehicle step: two tabs, 'Route' (a
 * transfer from a pickup to a destination) and 'By the hour' (a car and
 * driver for a number of hours), each a plain GET form to /booking-vehicle,
 * so both work without JavaScript. Without it the tabs are links to the
 * forms, and the one linked to shows (`:target`); the page's script
 * (app/enhancements/search-tabs.ts) makes them tabs. The server checks every
 * field again.
 */
export function RideSearch({
  mode = 'transfer',
  values = {},
  hire = {},
  back = {},
  placeNames = [],
  hirePlaceNames = [],
  hireHours,
  hireIncludedKm,
  invalidFields = [],
  ...options
}: SearchOptions & {
  /** Which form shows first: the search being shown, or a route. */
  mode?: 'transfer' | 'hourly'
  values?: RouteSearchValues
  hire?: HireSearchValues
  back?: ReturnValues
  /** Served place names for the route form's datalist. */
  placeNames?: string[]
  /** The places hire by the hour starts from (Istanbul). */
  hirePlaceNames?: string[]
  /** The hours a hire may last, in order. */
  hireHours: number[]
  /** The kilometres an hour of hire includes. */
  hireIncludedKm: number
  /** The fields the server refused, in the form of `mode`. */
  invalidFields?: string[]
}) {
  const { t } = useTranslation()
  const id = (name: string) => `${options.idPrefix}-${name}`
  const tab = (panel: 'transfer' | 'hourly', icon: 'route' | 'clock', label: string) => (
    <a
      href={`#${id(panel === 'transfer' ? 'route' : 'hourly')}`}
      className={`route-search__tab${mode === panel ? ' is-active' : ''}`}
      data-panel={panel}
    >
      <Icon name={icon} size={18} /> {label}
    </a>
  )
  return (
    <>
      <div className="route-search search-switch" data-search-switch="">
        <div className="route-search__tabs">
          {tab('transfer', 'route', t('search.routeTab'))}
          {tab('hourly', 'clock', t('search.hourlyTab'))}
        </div>
        <div id={id('route')} className={`search-panel${mode === 'transfer' ? ' is-default' : ''}`}>
          <RouteForm
            {...options}
            values={values}
            back={back}
            placeNames={placeNames}
            invalidFields={mode === 'transfer' ? invalidFields : []}
          />
        </div>
        <div id={id('hourly')} className={`search-panel${mode === 'hourly' ? ' is-default' : ''}`}>
          <HourlyForm
            {...options}
            values={hire}
            placeNames={hirePlaceNames}
            hours={hireHours}
            includedKm={hireIncludedKm}
            invalidFields={mode === 'hourly' ? invalidFields : []}
          />
        </div>
      </div>
      {/* Modal once the script opens it; closing it gives the focus back to the search. */}
      <NoticeDialog
        id={id('apology')}
        title={t('search.outOfArea.title')}
        text={
          options.origin === 'home' ? t('search.outOfArea.home') : t('search.outOfArea.booking')
        }
        button={t('search.outOfArea.okay')}
        open={false}
      />
    </>
  )
}

/** A place field with the served places as suggestions (a datalist). */
function PlaceInput({
  id,
  name,
  label,
  placeholder,
  value,
  listId,
  invalid,
}: {
  id: string
  name: string
  label: string
  placeholder: string
  value?: string
  listId?: string
  invalid: object
}) {
  return (
    <div className="field place-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        required
        autoComplete="off"
        placeholder={placeholder}
        defaultValue={value}
        list={listId}
        {...invalid}
      />
    </div>
  )
}

/** A choice from a list (required unless said), with a disabled placeholder until one is made. */
function RequiredSelect({
  id,
  name,
  label,
  placeholder,
  options,
  value,
  invalid,
  required = true,
}: {
  required?: boolean
  id: string
  name: string
  label: string
  placeholder: string
  options: SelectOption[]
  value?: string
  invalid: object
}) {
  return (
    <div className="field field--narrow">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        required={required}
        {...invalid}
        // No page with this form hydrates: its options are written as one string.
        dangerouslySetInnerHTML={{ __html: optionsMarkup(placeholder, options, value ?? '') }}
      />
    </div>
  )
}

/** The pickup date and time, shared by both forms. */
function WhenInputs({
  ids,
  values,
  dateMin,
  dateMax,
  times,
  invalid,
}: {
  ids: { date: string; time: string }
  values: { date?: string; time?: string }
  dateMin: string
  dateMax: string
  times: string[]
  invalid: (field: 'date' | 'time') => object
}) {
  const { t } = useTranslation()
  return (
    <>
      <div className="field field--narrow">
        <label htmlFor={ids.date}>{t('search.date')}</label>
        <input
          id={ids.date}
          name="date"
          type="date"
          required
          min={dateMin}
          max={dateMax}
          defaultValue={values.date || dateMin}
          {...invalid('date')}
        />
      </div>
      <RequiredSelect
        id={ids.time}
        name="time"
        label={t('search.time')}
        placeholder={t('search.selectTime')}
        options={times.map((time) => ({ value: time, label: time }))}
        value={values.time}
        invalid={invalid('time')}
      />
    </>
  )
}

function invalidMarks(invalidFields: string[], describedBy: string | undefined) {
  return (field: string) =>
    invalidFields.includes(field)
      ? { 'aria-invalid': true as const, 'aria-describedby': describedBy }
      : {}
}

/**
 * The route form. Its script is app/enhancements/route-search.ts (neither page
 * is hydrated): the words it may show come translated in data attributes.
 */
function RouteForm({
  idPrefix,
  values,
  back,
  dateMin,
  dateMax,
  times,
  placeNames,
  origin,
  invalidFields,
  describedBy,
}: SearchOptions & {
  values: RouteSearchValues
  back: ReturnValues
  placeNames: string[]
  invalidFields: string[]
}) {
  const { t, i18n } = useTranslation()
  const { mapsBrowserKey } = useSite()
  const id = (name: string) => `${idPrefix}-${name}`
  const listId = placeNames.length ? id('places') : undefined
  const invalid = invalidMarks(invalidFields, describedBy)
  const routeTexts = mapsBrowserKey
    ? JSON.stringify({
        title: t('search.routes.title'),
        route: t('search.routes.route', { number: '{number}' }),
        toll: t('search.routes.toll'),
        warning: t('search.routes.warning', { text: '{text}' }),
        cancel: t('search.routes.cancel'),
        continue: t('search.routes.continue'),
        failed: t('search.routes.failed'),
      })
    : undefined
  return (
    <form
      method="get"
      action="/booking-vehicle"
      className="route-search__form"
      aria-label={t('search.formLabel')}
      // The browser's own tooltip speaks the browser's language, not the page's:
      // the script checks the form, and the server says it without JavaScript.
      noValidate
      data-id-prefix={idPrefix}
      data-fill-all={t('search.errors.fillAll')}
      data-date-too-far={t('search.errors.dateTooFar')}
      data-maps-key={mapsBrowserKey || undefined}
      data-maps-language={mapsBrowserKey ? i18n.language : undefined}
      data-suggestions-label={mapsBrowserKey ? t('search.suggestions') : undefined}
      data-routes={routeTexts}
    >
      {origin ? <input type="hidden" name="origin" value={origin} /> : null}
      {listId ? <PlacesDatalist id={listId} names={placeNames} /> : null}
      <div className="route-search__fields">
        {(['pickup', 'destination'] as const).map((name) => (
          <PlaceInput
            key={name}
            id={id(name)}
            name={name}
            label={t(`search.${name}`)}
            placeholder={t(`search.${name}Placeholder`)}
            value={values[name]}
            listId={listId}
            invalid={invalid(name)}
          />
        ))}
        <WhenInputs
          ids={{ date: id('date'), time: id('time') }}
          values={values}
          dateMin={dateMin}
          dateMax={dateMax}
          times={times}
          invalid={invalid}
        />
        <ReturnInputs
          id={(name) => id(`return-${name}`)}
          back={back}
          dateMin={dateMin}
          times={times}
          invalid={invalid}
        />
        <button type="submit" className="button button--accent route-search__submit">
          {t('search.submit')}
        </button>
      </div>
    </form>
  )
}

/**
 * 'Add a return': ticked, the return's date and time show (a CSS rule on the
 * ticked box; where it is not understood they show anyway) and the server
 * prices both rides. The fields are sent either way and read only when ticked.
 */
function ReturnInputs({
  id,
  back,
  dateMin,
  times,
  invalid,
}: {
  id: (name: string) => string
  back: ReturnValues
  dateMin: string
  times: string[]
  invalid: (field: string) => object
}) {
  const { t } = useTranslation()
  return (
    <div className="route-search__return">
      <label className="checkbox route-search__return-toggle" htmlFor={id('wanted')}>
        <input
          type="checkbox"
          id={id('wanted')}
          name="return"
          value="1"
          defaultChecked={back.wanted}
        />
        {t('search.return.add')}
      </label>
      <div className="route-search__return-fields">
        <div className="field field--narrow">
          <label htmlFor={id('date')}>{t('search.return.date')}</label>
          <input
            id={id('date')}
            name="returnDate"
            type="date"
            min={dateMin}
            defaultValue={back.date ?? ''}
            {...invalid('returnDate')}
          />
        </div>
        <RequiredSelect
          id={id('time')}
          name="returnTime"
          label={t('search.return.time')}
          placeholder={t('search.selectTime')}
          options={times.map((time) => ({ value: time, label: time }))}
          value={back.time}
          invalid={invalid('returnTime')}
          required={false}
        />
      </div>
    </div>
  )
}

/**
 * Hire by the hour: the pickup (in Istanbul), the date and time, the hours,
 * and the kilometres the traveller plans, if they know them. The same script
 * checks it as the route form (every field but the kilometres filled).
 */
function HourlyForm({
  idPrefix,
  values,
  dateMin,
  dateMax,
  times,
  placeNames,
  hours,
  includedKm,
  origin,
  invalidFields,
  describedBy,
}: SearchOptions & {
  values: HireSearchValues
  placeNames: string[]
  hours: number[]
  includedKm: number
  invalidFields: string[]
}) {
  const { t } = useTranslation()
  const id = (name: string) => `${idPrefix}-hire-${name}`
  const listId = placeNames.length ? id('places') : undefined
  const invalid = invalidMarks(invalidFields, describedBy)
  const field = (name: HireField) => invalid(name)
  return (
    <form
      method="get"
      action="/booking-vehicle"
      className="route-search__form route-search__form--hourly"
      aria-label={t('search.hourlyFormLabel')}
      noValidate
      data-id-prefix={`${idPrefix}-hire`}
      data-fill-all={t('search.errors.fillAllHourly')}
      data-date-too-far={t('search.errors.dateTooFar')}
    >
      <input type="hidden" name="mode" value="hourly" />
      {origin ? <input type="hidden" name="origin" value={origin} /> : null}
      {listId ? <PlacesDatalist id={listId} names={placeNames} /> : null}
      <div className="route-search__fields">
        <PlaceInput
          id={id('pickup')}
          name="pickup"
          label={t('search.pickup')}
          placeholder={t('search.hirePickupPlaceholder')}
          value={values.pickup}
          listId={listId}
          invalid={field('pickup')}
        />
        <WhenInputs
          ids={{ date: id('date'), time: id('time') }}
          values={values}
          dateMin={dateMin}
          dateMax={dateMax}
          times={times}
          invalid={invalid}
        />
        <RequiredSelect
          id={id('hours')}
          name="hours"
          label={t('search.hours')}
          placeholder={t('search.selectHours')}
          options={hours.map((count) => ({
            value: String(count),
            label: t('search.hoursOption', { count }),
          }))}
          value={values.hours}
          invalid={field('hours')}
        />
        <div className="field field--narrow">
          <label htmlFor={id('km')}>{t('search.plannedKm')}</label>
          <input
            id={id('km')}
            name="km"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={4}
            autoComplete="off"
            defaultValue={values.plannedKm}
            aria-describedby={
              [id('km-hint'), invalidFields.includes('plannedKm') ? describedBy : undefined]
                .filter(Boolean)
                .join(' ') || undefined
            }
            aria-invalid={invalidFields.includes('plannedKm') || undefined}
          />
        </div>
        <p id={id('km-hint')} className="field__hint route-search__hint">
          {t('search.plannedKmHint', { km: includedKm })}
        </p>
        <button type="submit" className="button button--accent route-search__submit">
          {t('search.submit')}
        </button>
      </div>
    </form>
  )
}
