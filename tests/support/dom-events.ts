// The events a reader's keyboard and typing give a page, for the unit tests of
// app/enhancements/ that run in happy-dom.

/** Types `value` into a control: its value changes and an input event follows, as typing does. */
export function type(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  control.value = value
  control.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Presses a key on an element; returns whether the page took it (prevented its default). */
export function press(element: Element, key: string): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
  element.dispatchEvent(event)
  return event.defaultPrevented
}

/** The element found by a selector, failing the test when there is none. */
export function get<T extends Element = HTMLElement>(
  selector: string,
  root: ParentNode = document,
): T {
  const found = root.querySelector<T>(selector)
  if (!found) throw new Error(`nothing matches ${selector}`)
  return found
}
