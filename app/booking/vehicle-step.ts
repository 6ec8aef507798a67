/** The vehicle step's names shared by its server side and its page. */

export const tripFields = ['date', 'time', 'pickup', 'destination'] as const

/**
 * The search parameter of the page a notice dialog's button loads without
 * JavaScript: the same search, its message on the page instead of in a dialog.
 */
export const dialogClosedParam = 'dialog'
