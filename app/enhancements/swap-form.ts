// A form whose answer changes only part of the page it is on: with a script the
// answer's parts replace the current ones in place, so the focus and the scroll
// stay where they were, and the address changes as the page load would change it.
// The form names what it replaces (`data-swap`: element ids). A GET filters the
// page (the fleet list); a POST (the contact form) is sent, its redirect followed,
// and the page it ends on (thanks and a fresh form, or the refused form with its
// errors) gives the parts and the title. Without a script, or when the fetch
// fails, the form loads the page as usual.
import { focusIsLost, moveFocusTo } from '~/utils/move-focus'
import { enhanceIn } from './features'

export function enhance(forms: Element[]) {
  for (const form of forms) {
    if (form instanceof HTMLFormElement) form.addEventListener('submit', swap)
  }
  // Back and forward move between pages the scripts made: load them whole.
  window.addEventListener('popstate', () => window.location.reload())
}

async function swap(event: SubmitEvent) {
  const form = event.currentTarget as HTMLFormElement
  // A check of the form refused it (form-check.ts listens first).
  if (event.defaultPrevented) return
  event.preventDefault()
  const post = form.method.toLowerCase() === 'post'
  const url = new URL(form.action, window.location.href)
  url.hash = ''
  const data = new FormData(form, event.submitter)
  let response: Response
  try {
    if (post) {
      response = await fetch(url, { method: 'POST', body: data, headers: { Accept: 'text/html' } })
    } else {
      const query = new URLSearchParams()
      for (const [name, value] of data) query.append(name, String(value))
      url.search = query.toString()
      response = await fetch(url, { headers: { Accept: 'text/html' } })
      if (!response.ok) throw new Error(`answered ${response.status}`)
    }
    if (!response.headers.get('Content-Type')?.includes('text/html')) {
      throw new Error('not a page')
    }
  } catch {
    // Nothing was received: the page is asked for as it would be without a script.
    // A POST that failed to arrive is sent once more that way, as the reader meant it.
    form.submit()
    return
  }
  const page = new DOMParser().parseFromString(await response.text(), 'text/html')
  const swapped: Element[] = []
  for (const id of (form.dataset.swap ?? '').split(/\s+/).filter(Boolean)) {
    const current = document.getElementById(id)
    const next = page.getElementById(id)
    // The element stays (a status keeps being read out); what is in it changes.
    if (current && next) {
      current.replaceChildren(...next.childNodes)
      swapped.push(current)
    }
  }
  if (post && !swapped.length) {
    // Not the page the form expected (a server error's page): shown whole, as it would be.
    document.documentElement.replaceWith(page.documentElement)
    return
  }
  if (post) {
    // A refused form answers with its own address; a sent one redirects to the next.
    document.title = page.title
    if (response.redirected) window.history.pushState(null, '', response.url)
  } else {
    window.history.pushState(null, '', url)
  }
  // What came in (a fresh form) gets its behaviour.
  for (const element of swapped) await enhanceIn(element)
  // The focus was on what was replaced: it goes where a new page's would (root.tsx).
  if (focusIsLost()) {
    const main = document.getElementById('main')
    moveFocusTo(main?.querySelector('[data-page-focus]') ?? main?.querySelector('h1') ?? main)
  }
}
