import { Link } from 'react-router'

/**
 * A button that opens the browser's print dialog. It needs a script, so it is
 * rendered hidden (the page says how to print without it) and
 * app/enhancements/print-button.ts shows it and makes it print; no page that
 * shows it is hydrated by React. With `only`, the page is printed in that mode:
 * `<html data-print="…">` lets the print styles leave out everything else.
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
  return (
    <button type="button" className={className} hidden data-print-button={only ?? ''}>
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
