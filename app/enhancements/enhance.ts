// The script of every page that React does not hydrate (a route whose handle
// says `hydrate: false`, docs/performance.md): the frame's behaviour, and each
// feature the page has, found by its markup and downloaded only then. A page of
// text downloads this file and Vite's small preload helper: about a kilobyte.
import { enhanceFrame } from './frame'
import { enhanceIn } from './features'

enhanceFrame()
void enhanceIn(document).finally(() => {
  // The same mark a hydrated page sets (root.tsx): the page's scripts are in place.
  document.documentElement.dataset.hydrated = 'true'
})
