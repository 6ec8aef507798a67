import { parse, type Submission } from '@conform-to/react'
import { languageSwitchField } from './language-switch'

// Apart from language-switch.ts so that the header's language form, on every
// page, does not bring conform into pages that have no form of their own.

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
