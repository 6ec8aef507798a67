import { useEffect, useId, useRef, useState } from 'react'

/** Suggestions are asked for 300 ms after the last keystroke. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 300

interface Suggestion {
  description: string
  placeId: string
}

/**
 * A pickup or destination input. Without JavaScript or without a browser Maps
 * key it is a plain text input with the served places as a <datalist>; with a
 * key, Google Places suggestions appear under it (an ARIA combobox), and the
 * Maps script loads only when the field is first focused.
 */
export function PlaceField({
  id,
  name,
  label,
  placeholder,
  defaultValue,
  listId,
  mapsKey,
  language,
  invalidProps,
  suggestionsLabel,
}: {
  id: string
  name: string
  label: string
  placeholder: string
  defaultValue?: string
  listId?: string
  mapsKey: string
  language: string
  invalidProps: Record<string, unknown>
  /** The name of the suggestion list, distinct from the field's own label. */
  suggestionsLabel: string
}) {
  const input = useRef<HTMLInputElement>(null)
  const listboxId = useId()
  const [places, setPlaces] = useState<google.maps.PlacesLibrary | null>(null)
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [active, setActive] = useState(-1)
  const timer = useRef<number | undefined>(undefined)
  const session = useRef<google.maps.places.AutocompleteSessionToken | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const enhance = () => {
    if (!mapsKey || places) return
    // The loader is fetched only when maps are enabled and the field is used.
    import('./maps-loader.client')
      .then(({ loadMapsLibrary }) => loadMapsLibrary('places', mapsKey, language))
      .then(setPlaces)
      .catch(() => undefined) // logged by the loader; the datalist still works
  }

  const ask = (text: string) => {
    window.clearTimeout(timer.current)
    if (!places) return
    timer.current = window.setTimeout(async () => {
      if (!text.trim()) return setSuggestions([])
      session.current ??= new places.AutocompleteSessionToken()
      try {
        const { suggestions: found } =
          await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
            input: text,
            language,
            includedRegionCodes: ['tr'],
            sessionToken: session.current,
          })
        // The traveller has moved on (submitted, or left the field): keep it closed.
        if (document.activeElement !== input.current) return
        setSuggestions(
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
        setActive(-1)
      } catch (error) {
        console.error('Place suggestions failed', error)
        setSuggestions([])
      }
    }, AUTOCOMPLETE_DEBOUNCE_MS)
  }

  const choose = (suggestion: Suggestion) => {
    if (input.current) input.current.value = suggestion.description
    setSuggestions([])
    session.current = undefined
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (!suggestions.length) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (index + step + suggestions.length) % suggestions.length)
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault()
      choose(suggestions[active]!)
    } else if (event.key === 'Escape') {
      setSuggestions([])
    }
  }

  const combobox = places
    ? {
        role: 'combobox',
        'aria-expanded': suggestions.length > 0,
        'aria-controls': listboxId,
        'aria-autocomplete': 'list' as const,
        'aria-activedescendant': active >= 0 ? `${listboxId}-${active}` : undefined,
      }
    : {}

  return (
    <div className="field place-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        name={name}
        type="text"
        required
        autoComplete="off"
        placeholder={placeholder}
        defaultValue={defaultValue}
        list={places ? undefined : listId}
        onFocus={enhance}
        onInput={(event) => ask(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setSuggestions([]), 150)}
        {...combobox}
        {...invalidProps}
      />
      {places && suggestions.length ? (
        <ul
          id={listboxId}
          role="listbox"
          className="place-field__list"
          aria-label={suggestionsLabel}
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.placeId}
              id={`${listboxId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault()
                choose(suggestion)
              }}
            >
              {suggestion.description}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
