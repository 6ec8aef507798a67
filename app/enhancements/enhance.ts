// The script of every page that React does not hydrate (a route whose handle
// says `hydrate: false`, docs/performance.md): the frame's behaviour, and each
// feature the page has, found by its markup and downloaded only then. A page of
// text downloads this file and Vite's small preload helper: about a kilobyte.
import { enhanceFrame } from './frame'

interface Feature {
  /** What in the page the feature enhances. */
  selector: string
  load: () => Promise<{ enhance: (elements: Element[]) => void }>
}

const features: Feature[] = [
  { selector: 'form.route-search__form', load: () => import('./route-search') },
  { selector: '[data-search-switch]', load: () => import('./search-tabs') },
  { selector: '.testimonials', load: () => import('./carousel') },
  { selector: 'dialog[data-server-modal]', load: () => import('./server-dialog') },
  { selector: 'form[data-swap]', load: () => import('./swap-form') },
]

enhanceFrame()
void Promise.all(
  features.map(async ({ selector, load }) => {
    const elements = [...document.querySelectorAll(selector)]
    if (elements.length) (await load()).enhance(elements)
  }),
).finally(() => {
  // The same mark a hydrated page sets (root.tsx): the page's scripts are in place.
  document.documentElement.dataset.hydrated = 'true'
})
