import { useMatches } from 'react-router'

/**
 * A route whose page needs no React in the browser says `hydrate: false` in its
 * handle: its document then loads no application scripts, only the small
 * enhancements every page's frame has (app/enhancements/static-page.js).
 */
export interface HydrateHandle {
  hydrate?: false
}

export const staticPageHandle: HydrateHandle = { hydrate: false }

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
