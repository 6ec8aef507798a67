// A notice the server renders open (the vehicle step's out-of-area and
// unavailable-route notices) is a plain open dialog, with the page behind it
// inert, until a script runs: here it becomes a real modal (Tab stays inside,
// Escape closes it), the page behind it usable again, and its button closes it
// instead of loading the page without the notice (components/modal-dialog.tsx
// does the same on the pages React hydrates).
import { focusIsLost, moveFocusTo } from '~/utils/move-focus'

export function enhance(dialogs: Element[]) {
  for (const dialog of dialogs) {
    if (dialog instanceof HTMLDialogElement) makeModal(dialog)
  }
}

function makeModal(dialog: HTMLDialogElement) {
  for (const covered of document.querySelectorAll<HTMLElement>('[inert]')) {
    if (!covered.contains(dialog)) covered.inert = false
  }
  // Dropping the attribute hides the plain dialog without a close event.
  dialog.removeAttribute('open')
  dialog.showModal()
  dialog.querySelector('form[data-dismiss]')?.addEventListener('submit', (event) => {
    event.preventDefault()
    dialog.close()
  })
  dialog.addEventListener('close', () => {
    // What the notice said stays on the page beside what it is about.
    for (const message of document.querySelectorAll<HTMLElement>('[data-hidden-while-dialog]')) {
      message.hidden = false
    }
    // It had no opener to give the focus back to: the field it was about, else the heading.
    if (focusIsLost() || dialog.contains(document.activeElement)) {
      const field = dialog.dataset.returnFocus
      moveFocusTo((field && document.getElementById(field)) || document.querySelector('main h1'))
    }
  })
}
