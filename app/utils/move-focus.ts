// Moving the keyboard focus, without React: shared by the React pages and the
// scripts of the pages React does not hydrate (app/enhancements/).

/** Elements the keyboard reaches without a tabindex of their own. */
const naturallyFocusable = 'a[href], button, input, select, textarea, summary, [tabindex]'

/**
 * Moves the keyboard focus to an element, making a heading or a message
 * focusable first (tabindex -1 keeps it out of the Tab order). Returns whether
 * the element now holds the focus.
 */
export function moveFocusTo(element: Element | null, options?: FocusOptions): boolean {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false
  if (!element.matches(naturallyFocusable)) element.setAttribute('tabindex', '-1')
  element.focus(options)
  return document.activeElement === element
}

/** True when nothing holds the focus any more: it fell back to the document's body. */
export function focusIsLost(): boolean {
  const active = document.activeElement
  return !active || active === document.body || !active.isConnected
}
