// What every page's frame does with a script, written without React for the
// pages React does not hydrate (the one page it hydrates, the payment
// simulator's, gets the same from site-header.tsx and modal-dialog.tsx).

import { headerStuckAt } from '~/components/header-stuck'

export function enhanceFrame() {
  const header = document.querySelector('header.site-header')
  if (header) {
    const update = () => {
      const wasStuck = header.classList.contains('is-stuck')
      header.classList.toggle('is-stuck', headerStuckAt(window.scrollY, wasStuck))
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
  }

  // Dialogs open and close by invoker commands; where the browser lacks them,
  // the buttons do it here.
  if (!('command' in HTMLButtonElement.prototype)) {
    document.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('[commandfor]') : null
      const dialog = button && document.getElementById(button.getAttribute('commandfor') ?? '')
      if (!button || !(dialog instanceof HTMLDialogElement)) return
      const command = button.getAttribute('command')
      if (command === 'show-modal' && !dialog.open) dialog.showModal()
      if (command === 'close') dialog.close()
    })
  }
  // A click on a dialog's backdrop closes it, as `closedby="any"` does where supported.
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

  // A form control that says so submits its form as soon as it changes (the
  // currency of the vehicle step); without a script its form has a button.
  document.addEventListener('change', (event) => {
    const control = event.target
    if (control instanceof HTMLSelectElement && control.dataset.submitOnChange !== undefined) {
      control.form?.requestSubmit()
    }
  })
}
