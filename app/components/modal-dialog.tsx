import type { MouseEvent, ReactNode } from 'react'
import { useMatches } from 'react-router'

/**
 * Loader data of a page whose first render shows a modal dialog (the vehicle
 * step's out-of-area notice, the received page's 'Reservation Completed').
 * The root layout reads it to make the header and footer inert behind the
 * dialog until the scripts run (docs/accessibility.md).
 */
export interface ServerDialogData {
  serverDialog: boolean
}

/** Whether the page's loader data says its first render shows a modal dialog. */
export function usePageOpensDialog(): boolean {
  return useMatches().some(
    (match) => (match.loaderData as Partial<ServerDialogData> | undefined)?.serverDialog === true,
  )
}

/**
 * A dialog for a modal notice. Rendered `open` by the server, it is a plain open
 * dialog (the page marks what it covers `inert`) until
 * app/enhancements/server-dialog.ts makes it modal (Tab stays inside, Escape
 * closes it), lifts the `inert` and, when it closes, moves the focus to
 * `returnFocus` (it has no opener to go back to). Rendered closed, a page script
 * opens it. No page that shows one is hydrated by React.
 */
export function ModalDialog({
  id,
  open,
  className,
  labelledBy,
  describedBy,
  returnFocus,
  children,
}: {
  id?: string
  open: boolean
  className: string
  labelledBy: string
  describedBy?: string
  /** The id of the element the focus goes to when the dialog closes with no opener to go back to. */
  returnFocus?: string
  children: ReactNode
}) {
  return (
    <dialog
      id={id}
      open={open || undefined}
      data-server-modal={open || undefined}
      data-return-focus={open ? returnFocus : undefined}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    >
      {children}
    </dialog>
  )
}

/**
 * A short notice in a modal dialog: a title, a text and one button that closes
 * it. A notice the server renders open closes without JavaScript by loading
 * `dismissHref` (the same page without the notice); with JavaScript the button
 * only closes the dialog (app/enhancements/server-dialog.ts).
 */
export function NoticeDialog({
  id,
  title,
  text,
  button,
  open,
  dismissHref,
  returnFocus,
}: {
  id: string
  title: string
  text: string
  button: string
  open: boolean
  dismissHref?: string
  returnFocus?: string
}) {
  const dismiss = dismissHref ? new URL(dismissHref, 'http://localhost') : null
  return (
    <ModalDialog
      id={id}
      open={open}
      className="notice-dialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      returnFocus={returnFocus}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      {dismiss ? (
        <form method="get" action={dismiss.pathname} data-dismiss="">
          {[...dismiss.searchParams].map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--accent" autoFocus={open}>
            {button}
          </button>
        </form>
      ) : (
        <form method="dialog">
          <button type="submit" className="button button--accent">
            {button}
          </button>
        </form>
      )}
    </ModalDialog>
  )
}

declare module 'react' {
  // Invoker commands (command, commandfor): a button opens or closes a dialog
  // as a modal without JavaScript. React passes the lowercase attributes through.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged declarations share the parameter
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close'
    commandfor?: string
  }
}

/**
 * Click handlers for the buttons that open and close a dialog with invoker
 * commands, for browsers without them. They run only on the one page React
 * hydrates (the payment simulator's, which shows the site header's menu); on
 * every other page app/enhancements/frame.ts does the same.
 */
export const dialogCommandFallback = {
  open(dialogId: string) {
    if ('command' in HTMLButtonElement.prototype) return
    const dialog = document.getElementById(dialogId)
    if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal()
  },
  close(dialogId: string) {
    if ('command' in HTMLButtonElement.prototype) return
    const dialog = document.getElementById(dialogId)
    if (dialog instanceof HTMLDialogElement) dialog.close()
  },
  /** A click on the backdrop closes the dialog (`closedby="any"` does it where supported). */
  backdropClick(event: MouseEvent<HTMLDialogElement>) {
    if ('closedBy' in HTMLDialogElement.prototype) return
    const dialog = event.currentTarget
    if (event.target !== dialog) return
    const box = dialog.getBoundingClientRect()
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom
    if (!inside) dialog.close()
  },
}
