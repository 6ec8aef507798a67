// The coming-soon countdown, to the second, as the page's React hook kept it:
// the time left until `data-countdown` (the launch, an ISO date), written into
// each unit (`data-unit`); once the launch has passed the countdown goes and
// the heading says so (`data-done`, the server's words).
import { remainingUntil } from '~/content/countdown'

const units = ['days', 'hours', 'minutes', 'seconds'] as const

export function enhance(timers: Element[]) {
  const timer = timers[0]
  if (!(timer instanceof HTMLElement) || !timer.dataset.countdown) return
  const target = new Date(timer.dataset.countdown)
  const tick = () => {
    const remaining = remainingUntil(target, new Date())
    if (remaining.done) {
      clearInterval(interval)
      const heading = document.getElementById(timer.dataset.heading ?? '')
      if (heading && timer.dataset.done) heading.textContent = timer.dataset.done
      timer.remove()
      return
    }
    for (const unit of units) {
      const value = timer.querySelector(`[data-unit="${unit}"]`)
      if (value) value.textContent = String(remaining[unit]).padStart(2, '0')
    }
  }
  const interval = setInterval(tick, 1000)
  tick()
}
