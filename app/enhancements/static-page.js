/* global document, window, Element, HTMLButtonElement, HTMLDialogElement */
// The scripts of a page that React does not hydrate (routes whose handle says
// `hydrate: false`, see docs/performance.md): the few enhancements every page's
// frame has, written without React so such a page downloads about a kilobyte
// instead of the whole application. Plain JavaScript, served as it is.
;(() => {
  // The header takes its 'stuck' look after 200 px of scroll (STUCK_AFTER_PX in site-header.tsx).
  const header = document.querySelector('header.site-header')
  if (header) {
    const update = () => header.classList.toggle('is-stuck', window.scrollY > 200)
    update()
    window.addEventListener('scroll', update, { passive: true })
  }

  // Dialogs open and close by invoker commands; where the browser lacks them,
  // the buttons do it here (as dialogCommandFallback does in the React pages).
  if (!('command' in HTMLButtonElement.prototype)) {
    document.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('[commandfor]') : null
      const dialog = button && document.getElementById(button.getAttribute('commandfor') || '')
      if (!(dialog instanceof HTMLDialogElement)) return
      const command = button.getAttribute('command')
      if (command === 'show-modal' && !dialog.open) dialog.showModal()
      if (command === 'close') dialog.close()
    })
  }
  if (!('closedBy' in HTMLDialogElement.prototype)) {
    document.addEventListener('click', (event) => {
      const dialog = event.target
      if (!(dialog instanceof HTMLDialogElement) || !dialog.open) return
      const box = dialog.getBoundingClientRect()
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom
      if (!inside) dialog.close()
    })
  }

  // The same mark a hydrated page sets (root.tsx): the page's scripts are in place.
  document.documentElement.dataset.hydrated = 'true'
})()
