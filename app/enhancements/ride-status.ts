// The ride's status kept current on the pages that show it (the received page,
// the shared page): the small status resource is asked every RIDE_POLL_SECONDS while the tab
// is visible (and at once when it becomes visible again), until the ride has
// ended. When its answer differs from what the page shows (the card carries it
// in data-ride-status), the page is asked for again and its parts that follow
// the status (`data-live-part`) replace the current ones; the line the card
// announces changes, and stays the same element, so screen readers read it out.
// A failed request changes nothing; the next one tries again.
import { RIDE_POLL_SECONDS } from '~/traveller/ride-status'

/** Sent on the document with each status asked for. */
export const RIDE_STATUS_EVENT = 'ride-status'

export function enhance(cards: Element[]) {
  const card = cards[0]
  if (!(card instanceof HTMLElement)) return
  const statusUrl = card.dataset.statusUrl
  const pageUrl = card.dataset.refreshUrl
  if (!statusUrl || !pageUrl) return
  let shown = card.dataset.rideStatus ?? ''
  let ended = (JSON.parse(shown || '{}') as { ended?: boolean }).ended === true
  let timer: ReturnType<typeof setInterval> | undefined

  const ask = async () => {
    if (ended) return
    try {
      const response = await fetch(statusUrl, { headers: { Accept: 'application/json' } })
      if (!response.ok) return
      const status = (await response.json()) as { ended?: boolean }
      // The car's map (car-map.ts) moves with the same answer.
      document.dispatchEvent(new CustomEvent(RIDE_STATUS_EVENT, { detail: status }))
      const answer = JSON.stringify(status)
      if (answer === shown) return
      const page = await fetch(pageUrl, { headers: { Accept: 'text/html' } })
      if (!page.ok) return
      replaceParts(new DOMParser().parseFromString(await page.text(), 'text/html'))
      shown = answer
      ended = status.ended === true
      if (ended) clearInterval(timer)
    } catch {
      // Offline for a moment: the next tick asks again.
    }
  }
  const start = () => {
    clearInterval(timer)
    if (!ended) timer = setInterval(() => void ask(), RIDE_POLL_SECONDS * 1000)
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      void ask()
      start()
    } else {
      clearInterval(timer)
    }
  })
  if (document.visibilityState === 'visible') start()
}

function replaceParts(page: Document) {
  for (const current of document.querySelectorAll<HTMLElement>('[data-live-part]')) {
    const next = [...page.querySelectorAll<HTMLElement>('[data-live-part]')].find(
      (candidate) => candidate.dataset.livePart === current.dataset.livePart,
    )
    // Gone from the page (where to meet, once the ride is cancelled).
    if (!next) {
      current.remove()
      continue
    }
    // The live region stays the element it is: only its words change.
    const live = current.querySelector('[aria-live]')
    const nextLive = next.querySelector('[aria-live]')
    if (live && nextLive) {
      live.textContent = nextLive.textContent
      nextLive.replaceWith(live)
    }
    for (const name of current.getAttributeNames()) {
      if (!next.hasAttribute(name)) current.removeAttribute(name)
    }
    for (const name of next.getAttributeNames()) {
      current.setAttribute(name, next.getAttribute(name) ?? '')
    }
    current.replaceChildren(...next.childNodes)
  }
}
