import { useLocation, useMatches } from 'react-router'
import { parse, type Submission } from '@conform-to/react'
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

/** True when the form is being submitted by a language button. */
export function switchesLanguage(submitter: HTMLElement | null): boolean {
  return (
    (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
    submitter.name === languageSwitchField
  )
}

/**
 * conform's check in the browser, except for a language switch: that one goes
 * to the server unchecked (an `error` of null tells conform the server decides)
 * and leaves the messages on the page as they are.
 */
export function validateUnlessSwitchingLanguage<Checked extends Submission<unknown>>(
  submitter: HTMLElement | null,
  formData: FormData,
  validate: () => Checked,
): Checked {
  if (!switchesLanguage(submitter)) return validate()
  // Not checked: an error of null, which no schema's result differs from in shape.
  return parse(formData, { resolve: () => ({ error: null }) }) as Checked
}
