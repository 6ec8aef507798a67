// A page that says when the next one is on its way (the completion page): its
// status line (`[data-loading-status]`, rendered hidden with its words) shows
// when a link on the page is followed in this tab, and is hidden again if the
// page comes back from the browser's history.

export function enhance(statuses: Element[]) {
  const show = (hidden: boolean) => {
    for (const status of statuses) if (status instanceof HTMLElement) status.hidden = hidden
  }
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented) return
    // A new tab, a download or another site: this page stays as it is.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return
    }
    if (link.target || link.hasAttribute('download') || link.origin !== window.location.origin) {
      return
    }
    if (link.hash && link.pathname === window.location.pathname) return
    show(false)
  })
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) show(true)
  })
}
