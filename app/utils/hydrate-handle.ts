import { redirectDocument, useMatches, type EntryContext } from 'react-router'

/**
 * A route whose page needs no React in the browser says `hydrate: false` in its
 * handle: its document then loads no application scripts, only the enhancements
 * written without React (app/enhancements/enhance.ts: the frame's, and those of
 * the features found in the page).
 */
export interface HydrateHandle {
  hydrate?: false
  /** 'office': the back office's header instead of the storefront's, and no footer. */
  chrome?: 'office'
}

export const staticPageHandle: HydrateHandle = { hydrate: false }

/** The staff pages' handle: static, in the back office's own shell. */
export const officePageHandle: HydrateHandle = { hydrate: false, chrome: 'office' }

/** Whether the page is a back-office page (its layout's handle says so). */
export function useOfficeChrome(): boolean {
  return useMatches().some(
    (match) => (match.handle as HydrateHandle | undefined)?.chrome === 'office',
  )
}

/**
 * Whether the document being rendered loads the application. Only the server's
 * render decides: once the application runs in the browser (a hydrated page),
 * a client-side navigation to a static page keeps it, with its scroll
 * restoration, and renders the page in place.
 */
export function usePageHydrates(): boolean {
  const matches = useMatches()
  if (typeof document !== 'undefined') return true
  return !matches.some((match) => (match.handle as HydrateHandle | undefined)?.hydrate === false)
}

/** The same answer as `usePageHydrates`, for entry.server before it renders the document. */
export function documentHydrates(context: EntryContext): boolean {
  return !context.staticHandlerContext.matches.some(
    (match) =>
      (context.routeModules[match.route.id]?.handle as HydrateHandle | undefined)?.hydrate ===
      false,
  )
}

/**
 * The `clientLoader` of a page React does not hydrate whose behaviour lives in
 * app/enhancements/: a client-side navigation to it (from a page the
 * application runs on) loads it as a document instead, so those scripts run.
 * Pages of text need none: React renders them in place as well as the server does.
 */
export function loadAsDocument({ request }: { request: Request }): never {
  throw redirectDocument(request.url)
}
