// A print button (components/print-button.tsx) is rendered hidden, since it
// needs a script; here it shows and opens the browser's print dialog. With
// `data-print-button="voucher"` the page prints in that mode: `<html
// data-print="voucher">` lets the print styles leave out everything else, until
// the browser says printing is over.

export function enhance(buttons: Element[]) {
  if (typeof window.print !== 'function') return
  for (const button of buttons) {
    if (!(button instanceof HTMLButtonElement)) continue
    button.hidden = false
    button.addEventListener('click', () => {
      const root = document.documentElement
      const only = button.dataset.printButton
      if (only) {
        root.dataset.print = only
        window.addEventListener('afterprint', () => delete root.dataset.print, { once: true })
      }
      window.print()
    })
  }
}
