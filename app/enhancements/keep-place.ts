// The extras step's quantity buttons post their form and the page comes back
// (Post/Redirect/Get). A hydrated page stayed where it was; here the page
// remembers, for the next load of the same address, how far it was scrolled and
// which button of which form was pressed (`data-keep-place` names the form), and
// puts the reader back there: the same scroll, the focus on that form's button
// in the same place, or the nearest one still enabled.

const storageKey = 'keep-place'

interface Place {
  path: string
  scrollY: number
  form: string
  button: number
}

export function enhance(forms: Element[]) {
  restore()
  for (const form of forms) {
    if (!(form instanceof HTMLFormElement)) continue
    form.addEventListener('submit', (event) => {
      const buttons = [...form.querySelectorAll('button')]
      const place: Place = {
        path: window.location.pathname,
        scrollY: window.scrollY,
        form: form.dataset.keepPlace ?? '',
        button: event.submitter instanceof HTMLButtonElement ? buttons.indexOf(event.submitter) : 0,
      }
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(place))
      } catch {
        // Storage refused (private mode): the page simply loads at its top.
      }
    })
  }
}

function restore() {
  let place: Place | undefined
  try {
    const saved = sessionStorage.getItem(storageKey)
    sessionStorage.removeItem(storageKey)
    place = saved ? (JSON.parse(saved) as Place) : undefined
  } catch {
    return
  }
  if (!place || place.path !== window.location.pathname) return
  // An alert the answer brought (a refused quantity) is read first: the page keeps its place.
  window.scrollTo(0, place.scrollY)
  const form = [...document.querySelectorAll<HTMLFormElement>('form[data-keep-place]')].find(
    (candidate) => candidate.dataset.keepPlace === place.form,
  )
  const buttons = form ? [...form.querySelectorAll('button')].filter((b) => !b.disabled) : []
  const button = buttons[Math.min(Math.max(place.button, 0), buttons.length - 1)]
  button?.focus({ preventScroll: true })
}
