// When the header wears its 'stuck' look (a darker, shadowed, shorter bar), for the
// React header (site-header.tsx) and the pages React does not hydrate
// (enhancements/frame.ts) alike.

/** Scrolled further than this, the header takes its stuck look. */
export const STUCK_AFTER_PX = 200

/**
 * Scrolled back above this, it drops it. The gap between the two is wider than any
 * change of the header's height, so no change of layout (a shorter bar, a scroll
 * anchor the browser keeps in place) can carry the page back over the other
 * threshold and flip the look again.
 */
export const UNSTUCK_BEFORE_PX = 120

/** Whether the header is stuck at `scrollY`, given whether it was before. */
export function headerStuckAt(scrollY: number, wasStuck: boolean): boolean {
  return wasStuck ? scrollY >= UNSTUCK_BEFORE_PX : scrollY > STUCK_AFTER_PX
}
