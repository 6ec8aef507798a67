import { useLocation, useMatches } from 'react-router'
import { languageSearchParam } from '~/i18n/config'

/**
 * On a booking step the language buttons submit the step's own form, so what
 * was typed there survives the switch (docs/language-switch.md). The button's
 * name tells the step's action that this is a switch, not a save.
 */
export const languageSwitchField = 'switchLanguage'

/**
 * A route whose page holds a form of typed fields names it in its `handle`:
 * the form's id, or a function of the loader's data when the form is not
 * always on the page.
 */
export interface TypedFieldsHandle {
  typedFieldsForm?: string | ((data: unknown) => string | undefined)
}

/** The current address without `?lng=`, so the cookie decides after a switch. */
export function useReturnPath(): string {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.delete(languageSearchParam)
  const query = params.toString()
  return `${location.pathname}${query ? `?${query}` : ''}`
}

/** The id of the page's form that a language switch must carry, if there is one. */
export function useTypedFieldsForm(): string | undefined {
  const matches = useMatches()
  for (const match of [...matches].reverse()) {
    const form = (match.handle as TypedFieldsHandle | undefined)?.typedFieldsForm
    if (form === undefined) continue
    return typeof form === 'function' ? form(match.loaderData) : form
  }
  return undefined
}
