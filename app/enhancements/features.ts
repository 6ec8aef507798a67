// Each feature of the pages React does not hydrate: a module found by its markup
// and downloaded only when a page has it. enhance.ts sets up the whole page;
// swap-form.ts sets up again what it puts into the page.

interface Feature {
  /** What in the page the feature enhances. */
  selector: string
  /** Its set-up may be asynchronous (a form's schema loads first): the page is ready after it. */
  load: () => Promise<{ enhance: (elements: Element[]) => void | Promise<void> }>
}

const features: Feature[] = [
  { selector: 'form.route-search__form', load: () => import('./route-search') },
  { selector: '[data-search-switch]', load: () => import('./search-tabs') },
  { selector: '.testimonials', load: () => import('./carousel') },
  { selector: 'dialog[data-server-modal]', load: () => import('./server-dialog') },
  { selector: 'form[data-swap]', load: () => import('./swap-form') },
  { selector: 'form script[data-form-check]', load: () => import('./form-check') },
  { selector: 'input[data-due-now]', load: () => import('./payment-choice') },
  { selector: 'input[data-enter-submits]', load: () => import('./enter-submits') },
  { selector: 'form[data-keep-place]', load: () => import('./keep-place') },
  { selector: 'button[data-print-button]', load: () => import('./print-button') },
  { selector: '[data-ride-status]', load: () => import('./ride-status') },
  { selector: '[data-car-map]', load: () => import('./car-map') },
  { selector: '[data-board-refresh]', load: () => import('./board-refresh') },
  { selector: '[data-fleet-map]', load: () => import('./fleet-map') },
  { selector: 'form[data-share-position]', load: () => import('./share-position') },
  { selector: '.tabs.tabs--static', load: () => import('./tabs') },
  { selector: '[data-countdown]', load: () => import('./countdown') },
  { selector: '[data-loading-status]', load: () => import('./loading-status') },
]

/** Sets up every feature found in `root`; resolves when all are in place. */
export async function enhanceIn(root: ParentNode): Promise<void> {
  await Promise.all(
    features.map(async ({ selector, load }) => {
      const elements = [...root.querySelectorAll(selector)]
      if (elements.length) await (await load()).enhance(elements)
    }),
  )
}
