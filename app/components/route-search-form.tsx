import { useTranslation } from '~/i18n/use-translation'
import { Icon } from './icons'
import { PlacesDatalist } from './places-datalist'
import { useSite } from '~/utils/root-data'
import { NoticeDialog } from './modal-dialog'

export interface RouteSearchValues {
  date?: string
  time?: string
  pickup?: string
  destination?: string
}

/**
 * The route search of the home banner and the vehicle step: a plain GET form to
 * /booking-vehicle, so it works without JavaScript. The server checks every field
 * again; `required` and the date bounds describe the fields, and the date picker
 * keeps to the bounds. Its script is app/enhancements/route-search.ts (neither
 * page is hydrated): the words it may show come translated in data attributes,
 * and the apology dialog is rendered here, closed.
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
  const id = (name: string) => `${idPrefix}-${name}`
  const listId = placeNames.length ? id('places') : undefined
  const invalid = (field: keyof RouteSearchValues) =>
    invalidFields.includes(field)
      ? { 'aria-invalid': true as const, 'aria-describedby': describedBy }
      : {}
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
  const placeField = (name: 'pickup' | 'destination') => (
    <div className="field place-field">
      <label htmlFor={id(name)}>{t(`search.${name}`)}</label>
      <input
        id={id(name)}
        name={name}
        type="text"
        required
        autoComplete="off"
        placeholder={t(`search.${name}Placeholder`)}
        defaultValue={values[name]}
        list={listId}
        {...invalid(name)}
      />
    </div>
  )
  return (
    <>
      <form
        method="get"
        action="/booking-vehicle"
        className="route-search"
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
        <div className="route-search__tabs" role="presentation">
          <span className="route-search__tab is-active">
            <Icon name="route" size={18} /> {t('search.routeTab')}
          </span>
        </div>
        {origin ? <input type="hidden" name="origin" value={origin} /> : null}
        {listId ? <PlacesDatalist id={listId} names={placeNames} /> : null}
        <div className="route-search__fields">
          {placeField('pickup')}
          {placeField('destination')}
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
      {/* Modal once the script opens it; closing it gives the focus back to the search. */}
      <NoticeDialog
        id={id('apology')}
        title={t('search.outOfArea.title')}
        text={origin === 'home' ? t('search.outOfArea.home') : t('search.outOfArea.booking')}
        button={t('search.outOfArea.okay')}
        open={false}
        onClose={() => undefined}
      />
    </>
  )
}
