import { useEffect, useState } from 'react'
import { useTranslation } from '~/i18n/use-translation'
import { ISTANBUL_TIME_ZONE } from '~/domain/booking-window'
import { intlLocale, toLanguage } from '~/i18n/config'

import { BOARD_REFRESH_MS } from './board-refresh-interval'

export { BOARD_REFRESH_MS }

/**
 * The board's rows, kept current while the page is open: every half minute,
 * while the tab is visible, the same view's rows are fetched as JSON from
 * /ops/board-data (under the session cookie's path, unlike the board's own
 * data URL). A failed fetch keeps the rows shown; a new page load starts over
 * from the server's rows. Without JavaScript the Refresh link does the same.
 */
export function useBoardRefresh<Row>(initial: Row[], query: string) {
  const { i18n } = useTranslation()
  const [state, setState] = useState<{ rows: Row[]; updatedAt: string | null }>({
    rows: initial,
    updatedAt: null,
  })
  useEffect(() => setState({ rows: initial, updatedAt: null }), [initial])
  useEffect(() => {
    let stopped = false
    const time = new Intl.DateTimeFormat(intlLocale[toLanguage(i18n.language)], {
      timeStyle: 'short',
      timeZone: ISTANBUL_TIME_ZONE,
    })
    const refresh = async () => {
      if (document.visibilityState !== 'visible') return
      try {
        const response = await fetch(`/ops/board-data?${query}`, {
          headers: { Accept: 'application/json' },
          credentials: 'same-origin',
        })
        if (!response.ok || stopped) return
        const body = (await response.json()) as { bookings: Row[] }
        if (!stopped) setState({ rows: body.bookings, updatedAt: time.format(new Date()) })
      } catch {
        // Offline for a moment: the rows shown stay, the next round tries again.
      }
    }
    const timer = setInterval(() => void refresh(), BOARD_REFRESH_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [query, i18n.language])
  return { bookings: state.rows, updatedAt: state.updatedAt }
}
