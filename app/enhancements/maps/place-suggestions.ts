// Google Places suggestions under a pickup or destination field, with a browser
// Maps key: the field becomes an ARIA combobox and the Maps script loads only
// when the field is first focused. Without a key (or a script) the field keeps
// its <datalist> of the served places.
import { loadMapsLibrary } from './maps-loader'

/** Suggestions are asked for 300 ms after the last keystroke. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 300

interface Suggestion {
  description: string
  placeId: string
}

export interface PlaceSettings {
  mapsKey: string
  language: string
  /** The name of the suggestion list, distinct from the field's own label. */
  listLabel: string
}

export function offerPlaceSuggestions(input: HTMLInputElement, settings: PlaceSettings) {
  const listId = `${input.id}-suggestions`
  let places: google.maps.PlacesLibrary | undefined
  let loading: Promise<void> | undefined
  let session: google.maps.places.AutocompleteSessionToken | undefined
  let suggestions: Suggestion[] = []
  let active = -1
  let timer: number | undefined

  function load() {
    loading ??= loadMapsLibrary('places', settings.mapsKey, settings.language).then(
      (library) => {
        places = library
        input.removeAttribute('list')
        input.setAttribute('role', 'combobox')
        input.setAttribute('aria-controls', listId)
        input.setAttribute('aria-autocomplete', 'list')
        render()
        // What was typed while the script loaded is asked for now.
        if (document.activeElement === input) ask()
      },
      // Logged by the loader; the datalist still works, and the next focus tries again.
      () => (loading = undefined),
    )
  }

  function ask() {
    window.clearTimeout(timer)
    if (!places) return
    const library = places
    const text = input.value
    timer = window.setTimeout(async () => {
      if (!text.trim()) return show([])
      session ??= new library.AutocompleteSessionToken()
      try {
        const { suggestions: found } =
          await library.AutocompleteSuggestion.fetchAutocompleteSuggestions({
            input: text,
            language: settings.language,
            includedRegionCodes: ['tr'],
            sessionToken: session,
          })
        // The traveller has moved on (submitted, or left the field): keep it closed.
        if (document.activeElement !== input) return
        show(
          found.flatMap((item) =>
            item.placePrediction
              ? [
                  {
                    description: item.placePrediction.text.text,
                    placeId: item.placePrediction.placeId,
                  },
                ]
              : [],
          ),
        )
      } catch (error) {
        console.error('Place suggestions failed', error)
        show([])
      }
    }, AUTOCOMPLETE_DEBOUNCE_MS)
  }

  function show(found: Suggestion[]) {
    suggestions = found
    active = -1
    render()
  }

  function choose(suggestion: Suggestion) {
    input.value = suggestion.description
    session = undefined
    show([])
  }

  function render() {
    input.setAttribute('aria-expanded', String(suggestions.length > 0))
    if (active >= 0) input.setAttribute('aria-activedescendant', `${listId}-${active}`)
    else input.removeAttribute('aria-activedescendant')
    document.getElementById(listId)?.remove()
    if (!suggestions.length) return
    const list = document.createElement('ul')
    list.id = listId
    list.className = 'place-field__list'
    list.setAttribute('role', 'listbox')
    list.setAttribute('aria-label', settings.listLabel)
    list.append(
      ...suggestions.map((suggestion, index) => {
        const option = document.createElement('li')
        option.id = `${listId}-${index}`
        option.setAttribute('role', 'option')
        option.setAttribute('aria-selected', String(index === active))
        option.textContent = suggestion.description
        // Before the field's blur: the choice is made while the focus stays.
        option.addEventListener('mousedown', (event) => {
          event.preventDefault()
          choose(suggestion)
        })
        return option
      }),
    )
    input.after(list)
  }

  input.addEventListener('focus', load)
  input.addEventListener('input', ask)
  input.addEventListener('blur', () => window.setTimeout(() => show([]), 150))
  input.addEventListener('keydown', (event) => {
    if (!suggestions.length) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      active = (active + step + suggestions.length) % suggestions.length
      render()
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault()
      choose(suggestions[active]!)
    } else if (event.key === 'Escape') {
      show([])
    }
  })
  // Focused before the script arrived: it loads now.
  if (document.activeElement === input) load()
}
