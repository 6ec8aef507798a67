// The staff board keeps its rows current while it is open: every half minute,
// while the tab is visible, the same view of the board is asked for again (the
// address its status line carries in data-board-refresh) and its rows and count
// replace the ones shown, with the time of the update (data-updated, the
// server's words with '{time}' in them). A failed request keeps the rows shown;
// the next round tries again. Without a script the Refresh link does the same.
import { BOARD_REFRESH_MS } from '~/components/ops/board-refresh-interval'
import { ISTANBUL_TIME_ZONE } from '~/domain/booking-window'

/** Sent on the document once new rows are in. */
export const BOARD_ROWS_EVENT = 'board-rows'

export function enhance(statuses: Element[]) {
  const status = statuses[0]
  if (!(status instanceof HTMLElement) || !status.dataset.boardRefresh) return
  const url = status.dataset.boardRefresh
  const time = new Intl.DateTimeFormat(status.dataset.timeLocale, {
    timeStyle: 'short',
    timeZone: ISTANBUL_TIME_ZONE,
  })
  const refresh = async () => {
    if (document.visibilityState !== 'visible') return
    try {
      const response = await fetch(url, {
        headers: { Accept: 'text/html' },
        credentials: 'same-origin',
      })
      if (!response.ok) return
      const page = new DOMParser().parseFromString(await response.text(), 'text/html')
      const rows = page.querySelector('[data-board-rows]')
      const count = page.querySelector('[data-board-refresh]')
      const shown = document.querySelector('[data-board-rows]')
      if (!rows || !count || !shown) return
      shown.replaceWith(rows)
      // A map drawn from the rows (fleet-map.ts) follows them.
      document.dispatchEvent(new Event(BOARD_ROWS_EVENT))
      const updated = (status.dataset.updated ?? '').replace('{time}', time.format(new Date()))
      status.textContent = `${count.textContent ?? ''} ${updated}`
    } catch {
      // Offline for a moment: the rows shown stay, the next round tries again.
    }
  }
  setInterval(() => void refresh(), BOARD_REFRESH_MS)
}
