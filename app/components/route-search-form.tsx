import { useTranslation } from 'react-i18next'
import { Icon } from './icons'
import { PlacesDatalist } from './places-datalist'

export interface RouteSearchValues {
  date?: string
  time?: string
  pickup?: string
  destination?: string
}

/**
 * The route search of the home banner and the vehicle step: a plain GET form to
 * /booking-vehicle, so it works without JavaScript. The server checks every field
 * again; `required` and the date bounds only save a round trip.
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
  const { t } = useTranslation()
  const id = (name: string) => `${idPrefix}-${name}`
  const listId = placeNames.length ? id('places') : undefined
  const invalid = (field: keyof RouteSearchValues) =>
    invalidFields.includes(field)
      ? { 'aria-invalid': true as const, 'aria-describedby': describedBy }
      : {}

  // The seed's date widget: a date beyond the window is refused with an alert
  // and the selection falls back to today. Without JavaScript the server says it.
  const keepDateInWindow = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    if (input.value && input.value > dateMax) {
      window.alert(t('search.errors.dateTooFar'))
      input.value = dateMin
    }
  }
  return (
    <form
      method="get"
      action="/booking-vehicle"
      className="route-search"
      aria-label={t('search.formLabel')}
    >
      <div className="route-search__tabs" role="presentation">
        <span className="route-search__tab is-active">
          <Icon name="route" size={18} /> {t('search.routeTab')}
        </span>
      </div>
      {origin ? <input type="hidden" name="origin" value={origin} /> : null}
      {listId ? <PlacesDatalist id={listId} names={placeNames} /> : null}
      <div className="route-search__fields">
        <div className="field">
          <label htmlFor={id('pickup')}>{t('search.pickup')}</label>
          <input
            id={id('pickup')}
            name="pickup"
            type="text"
            required
            autoComplete="off"
            placeholder={t('search.pickupPlaceholder')}
            defaultValue={values.pickup}
            list={listId}
            {...invalid('pickup')}
          />
        </div>
        <div className="field">
          <label htmlFor={id('destination')}>{t('search.destination')}</label>
          <input
            id={id('destination')}
            name="destination"
            type="text"
            required
            autoComplete="off"
            placeholder={t('search.destinationPlaceholder')}
            defaultValue={values.destination}
            list={listId}
            {...invalid('destination')}
          />
        </div>
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
  )
}
