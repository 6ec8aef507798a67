import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Icon } from './icons'
import { PlacesDatalist } from './places-datalist'
import { PlaceField } from './maps/place-field'
import {
  RouteAlternativesDialog,
  toRouteChoices,
  type RouteChoice,
} from './maps/route-alternatives'
import { useSite } from '~/utils/root-data'
import { NoticeDialog } from './modal-dialog'

export interface RouteSearchValues {
  date?: string
  time?: string
  pickup?: string
  destination?: string
}

const searchFields = ['pickup', 'destination', 'date', 'time'] as const

/**
 * The route search of the home banner and the vehicle step: a plain GET form to
 * /booking-vehicle, so it works without JavaScript. The server checks every field
 * again; `required` and the date bounds describe the fields, and the date picker
 * keeps to the bounds.
 */
export function RouteSearchForm({
  idPrefix,
  values = {},
  dateMin,
  dateMax,
  times,
  placeNames = [],
  origin,
  invalidFields = [],
  describedBy,
}: {
  idPrefix: string
  values?: RouteSearchValues
  dateMin: string
  dateMax: string
  times: string[]
  /** Served place names for the inputs' datalist. */
  placeNames?: string[]
  /** Where the search started ('home' picks the home page's out-of-area text). */
  origin?: 'home'
  invalidFields?: (keyof RouteSearchValues)[]
  /** The id of the message explaining an error, for the invalid fields. */
  describedBy?: string
}) {
  const { t, i18n } = useTranslation()
  const { mapsBrowserKey } = useSite()
  const navigate = useNavigate()
  const [routes, setRoutes] = useState<{
    values: RouteSearchValues
    choices: RouteChoice[]
  } | null>(null)
  const [outOfArea, setOutOfArea] = useState(false)
  // Fields left empty in a search the browser checked (with JavaScript only).
  const [emptyFields, setEmptyFields] = useState<(keyof RouteSearchValues)[]>([])
  const id = (name: string) => `${idPrefix}-${name}`
  const listId = placeNames.length ? id('places') : undefined
  const invalid = (field: keyof RouteSearchValues) =>
    emptyFields.includes(field)
      ? { 'aria-invalid': true as const, 'aria-describedby': id('empty') }
      : invalidFields.includes(field)
        ? { 'aria-invalid': true as const, 'aria-describedby': describedBy }
        : {}

  /**
   * The checks made on the page where the traveller is: every field filled,
   * both places inside the service area (the apology dialog). Then the search
   * goes on: to the route alternatives with a Maps key, else to the vehicle step.
   */
  async function search(form: HTMLFormElement) {
    const data = new FormData(form)
    const search = Object.fromEntries(
      searchFields.map((name) => [name, String(data.get(name) ?? '').trim()]),
    ) as Required<RouteSearchValues>
    const empty = searchFields.filter((name) => !search[name])
    setEmptyFields(empty)
    if (empty.length) {
      form.querySelector<HTMLElement>(`[name="${empty[0]}"]`)?.focus()
      return
    }
    const { isServedText } = await import('~/domain/places/served-area')
    if (!isServedText(search.pickup) || !isServedText(search.destination)) {
      setOutOfArea(true)
      return
    }
    if (mapsBrowserKey) return offerRoutes(search)
    const params = new URLSearchParams(search)
    if (origin) params.set('origin', origin)
    navigate(`/booking-vehicle?${params.toString()}`)
  }

  async function offerRoutes(search: Required<RouteSearchValues>) {
    try {
      // The loader is fetched only when maps are enabled and a search asks for routes.
      const { loadMapsLibrary } = await import('./maps/maps-loader.client')
      const { DirectionsService } = await loadMapsLibrary('routes', mapsBrowserKey, i18n.language)
      const result = await new DirectionsService().route({
        origin: search.pickup,
        destination: search.destination,
        travelMode: 'DRIVING' as google.maps.TravelMode,
        provideRouteAlternatives: true,
      })
      setRoutes({ values: search, choices: toRouteChoices(result) })
    } catch (error) {
      const status = (error as { code?: string }).code ?? 'UNKNOWN_ERROR'
      window.alert(`${t('search.routes.failed')}${status}`)
    }
  }

  function continueWith(index: number) {
    if (!routes) return
    const choice = routes.choices[index]!
    // The distance and duration are hints for display: the server computes its own.
    const params = new URLSearchParams({
      ...routes.values,
      distance: String(choice.distanceMeters),
      duration: String(choice.durationSeconds),
      summary: choice.summary,
      selectedRouteIndex: String(index),
      preselected: 'true',
      ...(origin ? { origin } : {}),
    })
    setRoutes(null)
    navigate(`/booking-vehicle?${params.toString()}`)
  }

  // The date widget: a date beyond the window is refused with an alert
  // and the selection falls back to today. Without JavaScript the server says it.
  const keepDateInWindow = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    if (input.value && input.value > dateMax) {
      window.alert(t('search.errors.dateTooFar'))
      input.value = dateMin
    }
  }
  return (
    <>
      <form
        method="get"
        action="/booking-vehicle"
        className="route-search"
        aria-label={t('search.formLabel')}
        // The browser's own tooltip speaks the browser's language, not the page's:
        // the form checks itself once hydrated, and the server says it without JavaScript.
        noValidate
        onSubmit={(event) => {
          // Without JavaScript the browser submits and the server checks everything.
          event.preventDefault()
          void search(event.currentTarget)
        }}
      >
        <div className="route-search__tabs" role="presentation">
          <span className="route-search__tab is-active">
            <Icon name="route" size={18} /> {t('search.routeTab')}
          </span>
        </div>
        {origin ? <input type="hidden" name="origin" value={origin} /> : null}
        {listId ? <PlacesDatalist id={listId} names={placeNames} /> : null}
        {emptyFields.length ? (
          <p className="alert alert--error route-search__error" role="alert" id={id('empty')}>
            {t('search.errors.fillAll')}
          </p>
        ) : null}
        <div className="route-search__fields">
          <PlaceField
            id={id('pickup')}
            name="pickup"
            label={t('search.pickup')}
            placeholder={t('search.pickupPlaceholder')}
            defaultValue={values.pickup}
            listId={listId}
            mapsKey={mapsBrowserKey}
            language={i18n.language}
            invalidProps={invalid('pickup')}
            suggestionsLabel={t('search.suggestions')}
          />
          <PlaceField
            id={id('destination')}
            name="destination"
            label={t('search.destination')}
            placeholder={t('search.destinationPlaceholder')}
            defaultValue={values.destination}
            listId={listId}
            mapsKey={mapsBrowserKey}
            language={i18n.language}
            invalidProps={invalid('destination')}
            suggestionsLabel={t('search.suggestions')}
          />
          <div className="field field--narrow">
            <label htmlFor={id('date')}>{t('search.date')}</label>
            <input
              id={id('date')}
              name="date"
              type="date"
              required
              min={dateMin}
              max={dateMax}
              defaultValue={values.date || dateMin}
              onChange={keepDateInWindow}
              {...invalid('date')}
            />
          </div>
          <div className="field field--narrow">
            <label htmlFor={id('time')}>{t('search.time')}</label>
            <select
              id={id('time')}
              name="time"
              required
              defaultValue={values.time ?? ''}
              {...invalid('time')}
            >
              <option value="" disabled>
                {t('search.selectTime')}
              </option>
              {times.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--accent route-search__submit">
            {t('search.submit')}
          </button>
        </div>
      </form>
      {routes ? (
        <RouteAlternativesDialog
          routes={routes.choices}
          onCancel={() => setRoutes(null)}
          onContinue={continueWith}
        />
      ) : null}
      {/* Modal; closing it gives the focus back to where the search was sent from. */}
      <NoticeDialog
        id={id('apology')}
        title={t('search.outOfArea.title')}
        text={origin === 'home' ? t('search.outOfArea.home') : t('search.outOfArea.booking')}
        button={t('search.outOfArea.okay')}
        open={outOfArea}
        onClose={() => setOutOfArea(false)}
      />
    </>
  )
}
