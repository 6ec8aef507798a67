// A driver's job under way (the jobs page's "Share where you are"): the
// button sends the phone's own position instead of a typed place, and a
// second button, added here, sends it by itself every few seconds once the
// driver presses it (their consent; the browser asks its own too). That
// choice is remembered for the ride on this phone, so the page loaded again
// after marking "Arrived" goes on sharing; the ride moving on (on board,
// ended) stops it. A phone that gives no position shows the place field
// again: the form without a script is always there underneath.
import { ISTANBUL_TIME_ZONE } from '~/domain/booking-window'

const LOCATE_TIMEOUT_MS = 15_000

export function enhance(forms: Element[]) {
  if (!('geolocation' in navigator)) return
  for (const form of forms) if (form instanceof HTMLFormElement) setUp(form)
}

function setUp(form: HTMLFormElement) {
  const data = form.dataset
  const reference = data.sharePosition ?? ''
  const seconds = Number(data.shareSeconds) || 20
  const status = form.querySelector<HTMLElement>('[data-share-status]')
  const placeField = form.querySelector<HTMLElement>('[data-place-field]')
  const placeInput = placeField?.querySelector('input')
  const actions = form.querySelector('.ops-actions')
  if (!status || !placeField || !placeInput || !actions || !data.shareUrl) return
  const say = (words: string | undefined) => (status.textContent = words ?? '')
  const showPlace = () => {
    placeField.hidden = false
    placeInput.focus()
  }
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null
  const fill = (position: GeolocationPosition) => {
    field('lat')!.value = String(position.coords.latitude)
    field('lng')!.value = String(position.coords.longitude)
    field('accuracy')!.value = String(Math.round(position.coords.accuracy))
  }
  // The place field stays in view when the server refused what was typed in it.
  if (placeInput.getAttribute('aria-invalid') !== 'true') placeField.hidden = true

  let located = false
  form.addEventListener('submit', (event) => {
    // The phone's position is filled in, or the driver typed a place: the form goes.
    if (located || (!placeField.hidden && placeInput.value.trim() !== '')) return
    event.preventDefault()
    say(data.locating)
    navigator.geolocation.getCurrentPosition(
      (position) => {
        fill(position)
        located = true
        form.requestSubmit()
      },
      () => {
        say(data.denied)
        showPlace()
      },
      // Asked for by a press: where the phone is now, not where it was a moment ago.
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 0 },
    )
  })

  // Written as the server writes times: 24 hours, Istanbul.
  const clock = new Intl.DateTimeFormat(data.timeLocale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ISTANBUL_TIME_ZONE,
  })
  const remembered = `share-position:${reference}`
  const toggle = document.createElement('button')
  toggle.type = 'button'
  toggle.className = 'button button--ghost'
  actions.append(toggle)

  let watch: number | undefined
  let timer: ReturnType<typeof setInterval> | undefined
  let latest: GeolocationPosition | undefined

  const send = async () => {
    if (!latest) return
    const body = new FormData()
    body.set('reference', reference)
    body.set('lat', String(latest.coords.latitude))
    body.set('lng', String(latest.coords.longitude))
    body.set('accuracy', String(Math.round(latest.coords.accuracy)))
    try {
      const response = await fetch(data.shareUrl!, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        // A session that ran out is sent to sign in: that is no position shared.
        redirect: 'manual',
      })
      if (response.type === 'opaqueredirect') {
        stop()
        return void say(data.signedOut)
      }
      // The ride is no longer under way, or no longer this driver's.
      if (response.status === 409 || response.status === 403) return stop()
      if (response.ok) say((data.autoStatus ?? '').replace('{time}', clock.format(new Date())))
    } catch {
      // No signal for a moment: the next round sends the newer position.
    }
  }
  const showState = (on: boolean) => {
    toggle.setAttribute('aria-pressed', String(on))
    toggle.textContent = (on ? data.stopLabel : data.autoLabel) ?? ''
  }
  const start = () => {
    localStorage.setItem(remembered, 'yes')
    showState(true)
    watch = navigator.geolocation.watchPosition(
      (position) => {
        const first = !latest
        latest = position
        if (first) void send()
      },
      () => {
        stop()
        say(data.denied)
        showPlace()
      },
      { enableHighAccuracy: true, maximumAge: 10_000 },
    )
    timer = setInterval(() => void send(), seconds * 1000)
  }
  const stop = () => {
    localStorage.removeItem(remembered)
    if (watch !== undefined) navigator.geolocation.clearWatch(watch)
    clearInterval(timer)
    watch = undefined
    latest = undefined
    showState(false)
  }
  toggle.addEventListener('click', () => (watch === undefined ? start() : stop()))
  showState(false)
  if (localStorage.getItem(remembered) === 'yes') start()
}
