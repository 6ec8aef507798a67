import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { useMatches } from 'react-router'
import { focusIsLost, moveFocusTo, useHydrated } from '~/utils/focus'

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
 * The `inert` of content a server-rendered dialog covers: set while no script
 * runs (the dialog is a plain open dialog then, and nothing else stops Tab from
 * reaching the fields under it), dropped once the dialog is a real modal.
 */
export function useInertBehindDialog(dialogOnFirstRender: boolean): boolean {
  const hydrated = useHydrated()
  return dialogOnFirstRender && !hydrated
}

/**
 * A modal dialog: with JavaScript it is shown with showModal() (the rest of
 * the page is inert, Tab stays inside, Escape closes it, the browser returns
 * the focus to the element that opened it). A dialog open from the server's
 * HTML is a plain open dialog until hydration, then becomes modal; it has no
 * opener, so `returnFocus` names where the focus goes after it closes.
 */
export function ModalDialog({
  id,
  open,
  onClose,
  className,
  labelledBy,
  describedBy,
  returnFocus,
  children,
}: {
  id?: string
  open: boolean
  /** Called once the dialog has closed (a button, Escape), after the focus has moved. */
  onClose: () => void
  className: string
  labelledBy: string
  describedBy?: string
  /** The id of the element the focus goes to when the dialog closes with no opener to go back to. */
  returnFocus?: string
  children: ReactNode
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const hydrated = useHydrated()
  // Rendered open by the server: the attribute stays as it was hydrated, so
  // React never touches it again; the effect below takes the dialog over.
  const [openInHtml] = useState(() => open && !hydrated)

  useEffect(() => {
    const element = dialog.current
    if (!element || !hydrated) return
    if (open && !element.matches(':modal')) {
      // Dropping the attribute hides the plain dialog without a close event.
      if (element.open) element.removeAttribute('open')
      element.showModal()
    } else if (!open && element.open) {
      element.close()
    }
  }, [open, hydrated])

  return (
    <dialog
      ref={dialog}
      id={id}
      open={openInHtml || undefined}
      // On a page React does not hydrate, app/enhancements/server-dialog.ts makes
      // a dialog the server rendered open modal, as the effect above does here.
      data-server-modal={openInHtml || undefined}
      data-return-focus={openInHtml ? returnFocus : undefined}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={() => {
        // The browser gave the focus back to the opener if there was one still on the page.
        if (focusIsLost() || dialog.current?.contains(document.activeElement)) {
          moveFocusTo(
            (returnFocus && document.getElementById(returnFocus)) ||
              document.querySelector('main h1'),
          )
        }
        onClose()
      }}
    >
      {children}
    </dialog>
  )
}

/**
 * A short notice in a modal dialog: a title, a text and one button that closes
 * it. A notice the server renders open closes without JavaScript by loading
 * `dismissHref` (the same page without the notice); with JavaScript the button
 * only closes the dialog (app/enhancements/server-dialog.ts on a page React does
 * not hydrate).
 */
export function NoticeDialog({
  id,
  title,
  text,
  button,
  open,
  onClose,
  dismissHref,
  returnFocus,
}: {
  id: string
  title: string
  text: string
  button: string
  open: boolean
  onClose: () => void
  dismissHref?: string
  returnFocus?: string
}) {
  const hydrated = useHydrated()
  const [openInHtml] = useState(() => open && !hydrated)
  const dismiss = dismissHref ? new URL(dismissHref, 'http://localhost') : null
  return (
    <ModalDialog
      id={id}
      open={open}
      onClose={onClose}
      className="notice-dialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      returnFocus={returnFocus}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      {dismiss ? (
        <form
          method="get"
          action={dismiss.pathname}
          data-dismiss=""
          onSubmit={(event) => {
            if (!hydrated) return
            event.preventDefault()
            event.currentTarget.closest('dialog')?.close()
          }}
        >
          {[...dismiss.searchParams].map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--accent" autoFocus={openInHtml}>
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
 * commands, for browsers without them: there the scripts do the same.
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
