/** One choice of a select: what is sent, what is shown. */
export interface SelectOption {
  value: string
  label: string
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character]!)
}

/**
 * The options of a select with a disabled placeholder first, as HTML, the one
 * whose value is `value` selected (the placeholder when there is none): the
 * same markup React writes for `<select defaultValue>` and its `<option>`s.
 * The search forms have four selects of up to 97 times each, half the
 * elements of the vehicle step; written as one string they cost the server
 * next to nothing, where React would render each option as an element.
 */
export function optionsMarkup(
  placeholder: string,
  options: readonly SelectOption[],
  value: string,
): string {
  const selected = (optionValue: string) => (optionValue === value ? ' selected=""' : '')
  let html = `<option value="" disabled=""${selected('')}>${escapeHtml(placeholder)}</option>`
  for (const option of options) {
    html += `<option value="${escapeHtml(option.value)}"${selected(option.value)}>${escapeHtml(option.label)}</option>`
  }
  return html
}
