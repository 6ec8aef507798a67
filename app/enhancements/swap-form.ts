// A GET form that filters the page it is on (the fleet list): with a script the
// new list replaces the old one in place, so the focus and the scroll stay where
// they were, and the address changes as the page load would change it. The form
// names what it replaces (`data-swap`: element ids); without a script, or when
// the fetch fails, the form loads the page as usual.

export function enhance(forms: Element[]) {
  for (const form of forms) {
    if (form instanceof HTMLFormElement) form.addEventListener('submit', swap)
  }
  // Back and forward move between filtered lists the scripts made: load them whole.
  window.addEventListener('popstate', () => window.location.reload())
}

async function swap(event: SubmitEvent) {
  const form = event.currentTarget as HTMLFormElement
  event.preventDefault()
  const query = new URLSearchParams()
  for (const [name, value] of new FormData(form)) query.append(name, String(value))
  const url = new URL(form.action, window.location.href)
  url.search = query.toString()
  try {
    const response = await fetch(url, { headers: { Accept: 'text/html' } })
    if (!response.ok) throw new Error(`answered ${response.status}`)
    const page = new DOMParser().parseFromString(await response.text(), 'text/html')
    for (const id of (form.dataset.swap ?? '').split(/\s+/).filter(Boolean)) {
      const current = document.getElementById(id)
      const next = page.getElementById(id)
      // The element stays (a status keeps being read out); what is in it changes.
      if (current && next) current.replaceChildren(...next.childNodes)
    }
    window.history.pushState(null, '', url)
  } catch {
    form.submit()
  }
}
