/** The vehicle step's names shared by its server side and its page. */

export const tripFields = ['date', 'time', 'pickup', 'destination'] as const

/** The query fields of an hourly search besides `mode=hourly` (`km` is optional). */
export const hireFields = ['date', 'time', 'pickup', 'hours', 'km'] as const

/** The search's mode: `mode=hourly` asks for hire by the hour, anything else a transfer. */
export type SearchMode = 'transfer' | 'hourly'
export function searchModeOf(params: URLSearchParams): SearchMode {
  return params.get('mode') === 'hourly' ? 'hourly' : 'transfer'
}

/**
 * The search parameter of the page a notice dialog's button loads without
 * JavaScript: the same search, its message on the page instead of in a dialog.
 */
export const dialogClosedParam = 'dialog'
