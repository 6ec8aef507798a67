// The searches of the home banner and the vehicle step (plain GET forms to
// /booking-vehicle, components/route-search-form.tsx), checked where the
// traveller is before they go: every required field filled, a date inside the
// booking window (the date widget's alert), and for a route both places inside
// the service area (the apology dialog). With a browser Maps key a route's
// place fields suggest places and the search offers the route alternatives
// first. The server checks everything again, and says it without JavaScript.
import type { RouteTexts } from './maps/route-alternatives'

/** The fields a search must have filled, those of them the form has. */
const requiredFields = ['pickup', 'destination', 'date', 'time', 'hours'] as const
type SearchField = (typeof requiredFields)[number]

export function enhance(forms: Element[]) {
  for (const form of forms) {
    if (form instanceof HTMLFormElement) enhanceSearch(form)
  }
}

function enhanceSearch(form: HTMLFormElement) {
  const { idPrefix = 'search', mapsKey, mapsLanguage = 'en' } = form.dataset
  const field = (name: SearchField) => form.elements.namedItem(name) as HTMLInputElement | null
  const searchFields = requiredFields.filter((name) => field(name))
  // A route has a destination; hire by the hour does not, and its area is the server's to check.
  const isRoute = searchFields.includes('destination')
  // What the server said about each field, to put back once it is filled.
  const served = new Map(
    searchFields.map((name) => [
      name,
      {
        invalid: field(name)?.getAttribute('aria-invalid'),
        describedBy: field(name)?.getAttribute('aria-describedby'),
      },
    ]),
  )

  const date = field('date')
  date?.addEventListener('change', () => {
    // A date beyond the window is refused with an alert and falls back to the first day.
    if (date.value && date.max && date.value > date.max) {
      window.alert(form.dataset.dateTooFar)
      date.value = date.min
    }
  })

  if (mapsKey && isRoute) {
    const settings = {
      mapsKey,
      language: mapsLanguage,
      listLabel: form.dataset.suggestionsLabel ?? '',
    }
    void import('./maps/place-suggestions').then(({ offerPlaceSuggestions }) => {
      for (const name of ['pickup', 'destination'] as const) {
        const input = field(name)
        if (input) offerPlaceSuggestions(input, settings)
      }
    })
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void search()
  })

  async function search() {
    const values = Object.fromEntries(
      searchFields.map((name) => [name, field(name)?.value.trim() ?? '']),
    ) as Record<SearchField, string>
    const empty = searchFields.filter((name) => !values[name])
    markEmpty(empty)
    if (empty.length) {
      field(empty[0]!)?.focus()
      return
    }
    if (!isRoute) return form.submit()
    const { isServedText } = await import('~/domain/places/served-area')
    if (!isServedText(values.pickup) || !isServedText(values.destination)) {
      const apology = document.getElementById(`${idPrefix}-apology`)
      if (apology instanceof HTMLDialogElement) apology.showModal()
      return
    }
    if (mapsKey) return chooseRoute(values, mapsKey)
    form.submit()
  }

  /** The message for empty fields, and each empty field pointing at it. */
  function markEmpty(empty: SearchField[]) {
    const messageId = `${idPrefix}-empty`
    let message = document.getElementById(messageId)
    if (empty.length && !message) {
      message = document.createElement('p')
      message.id = messageId
      message.className = 'alert alert--error route-search__error'
      message.setAttribute('role', 'alert')
      message.textContent = form.dataset.fillAll ?? ''
      form.querySelector('.route-search__fields')?.before(message)
    } else if (!empty.length) {
      message?.remove()
    }
    for (const name of searchFields) {
      const input = field(name)
      const before = served.get(name)
      if (!input || !before) continue
      const isEmpty = empty.includes(name)
      setOrDrop(input, 'aria-invalid', isEmpty ? 'true' : before.invalid)
      setOrDrop(input, 'aria-describedby', isEmpty ? messageId : before.describedBy)
    }
  }

  async function chooseRoute(values: Record<SearchField, string>, key: string) {
    const texts = JSON.parse(form.dataset.routes ?? '{}') as RouteTexts
    try {
      // The loader is fetched only when maps are enabled and a search asks for routes.
      const [{ loadMapsLibrary }, { offerRoutes, toRouteChoices }] = await Promise.all([
        import('./maps/maps-loader'),
        import('./maps/route-alternatives'),
      ])
      const { DirectionsService } = await loadMapsLibrary('routes', key, mapsLanguage)
      const result = await new DirectionsService().route({
        origin: values.pickup,
        destination: values.destination,
        travelMode: 'DRIVING' as google.maps.TravelMode,
        provideRouteAlternatives: true,
      })
      const choices = toRouteChoices(result)
      offerRoutes(choices, texts, (index) => {
        const choice = choices[index]!
        const origin = (form.elements.namedItem('origin') as HTMLInputElement | null)?.value
        // The distance and duration are hints for display: the server computes its own.
        const params = new URLSearchParams({
          ...values,
          distance: String(choice.distanceMeters),
          duration: String(choice.durationSeconds),
          summary: choice.summary,
          selectedRouteIndex: String(index),
          preselected: 'true',
          ...(origin ? { origin } : {}),
        })
        window.location.assign(`${form.action}?${params.toString()}`)
      })
    } catch (error) {
      const status = (error as { code?: string }).code ?? 'UNKNOWN_ERROR'
      window.alert(`${texts.failed}${status}`)
    }
  }
}

function setOrDrop(element: Element, name: string, value: string | null | undefined) {
  if (value === null || value === undefined) element.removeAttribute(name)
  else element.setAttribute(name, value)
}
