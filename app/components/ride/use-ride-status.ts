import { useEffect, useState } from 'react'
import { RIDE_POLL_SECONDS, type RideStatus } from '~/traveller/ride-status'

/**
 * The ride's status, kept current with JavaScript: the small status resource
 * is asked every 20 seconds while the tab is visible (and at once when it
 * becomes visible again), until the ride has ended. Without JavaScript the
 * page's Refresh link does the same. A failed request changes nothing; the
 * next one tries again.
 */
export function useRideStatus(initial: RideStatus, url: string): RideStatus {
  const [status, setStatus] = useState(initial)
  // A new page load (Refresh, an action's redirect) brings newer data.
  useEffect(() => setStatus(initial), [initial])
  const { ended } = status
  useEffect(() => {
    if (ended) return
    let timer: ReturnType<typeof setInterval> | undefined
    const ask = async () => {
      try {
        const response = await fetch(url, { headers: { Accept: 'application/json' } })
        if (response.ok) setStatus((await response.json()) as RideStatus)
      } catch {
        // Offline for a moment: the next tick asks again.
      }
    }
    const start = () => {
      clearInterval(timer)
      timer = setInterval(() => void ask(), RIDE_POLL_SECONDS * 1000)
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        void ask()
        start()
      } else {
        clearInterval(timer)
      }
    }
    if (document.visibilityState === 'visible') start()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [url, ended])
  return status
}
