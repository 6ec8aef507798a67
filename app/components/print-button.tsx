import { useSyncExternalStore } from 'react'
import { Link } from 'react-router'

const subscribeNothing = () => () => {}

/** True once React runs in the browser: a print button needs JavaScript to work. */
function useCanPrint() {
  return useSyncExternalStore(
    subscribeNothing,
    () => typeof window.print === 'function',
    () => false,
  )
}

/**
 * A button that opens the browser's print dialog; rendered only with
 * JavaScript (the page says how to print without it). With `only`, the page
 * is printed in that mode: `<html data-print="…">` lets the print styles leave
 * out everything else, until the browser says printing is over.
 */
export function PrintButton({
  label,
  only,
  className = 'button button--accent',
}: {
  label: string
  only?: string
  className?: string
}) {
  const canPrint = useCanPrint()
  const print = () => {
    const root = document.documentElement
    if (only) {
      root.dataset.print = only
      window.addEventListener('afterprint', () => delete root.dataset.print, { once: true })
    }
    window.print()
  }
  // Rendered hidden until a script can print: React shows it once it runs, and on a
  // page it does not hydrate app/enhancements/print-button.ts does the same.
  return (
    <button
      type="button"
      className={className}
      hidden={!canPrint}
      data-print-button={only ?? ''}
      onClick={canPrint ? print : undefined}
    >
      {label}
    </button>
  )
}

/**
 * The bar above a printable document (invoice, voucher): the print button with
 * JavaScript, how to print without it, and the way back to the booking.
 */
export function PrintToolbar({
  printLabel,
  hint,
  backHref,
  backLabel,
}: {
  printLabel: string
  hint: string
  backHref: string
  backLabel: string
}) {
  return (
    <div className="invoice-page__toolbar">
      <PrintButton label={printLabel} />
      <p className="invoice-page__hint">{hint}</p>
      <Link className="invoice-page__back" to={backHref}>
        {backLabel}
      </Link>
    </div>
  )
}
