import { expect, test, type Locator, type Page } from '@playwright/test'
import { openIn, waitForHydration } from './helpers'

// The header's stuck look is set by a script: the no-js project skips it.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'needs JavaScript')

/**
 * Where things stand over `frames` animation frames, in whole pixels (no sub-pixel
 * noise): the scroll, the header's box on screen and where the page's content
 * starts in the document.
 */
function positionsOverFrames(page: Page, frames = 30): Promise<string[]> {
  return page.evaluate(
    (frames) =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = []
        const sample = () => {
          const header = document.querySelector('header.site-header')!.getBoundingClientRect()
          const content = document.querySelector('main')!.getBoundingClientRect().top + scrollY
          seen.push(
            `scrollY ${Math.round(scrollY)}, header ${Math.round(header.top)}..${Math.round(header.bottom)}, content at ${Math.round(content)}`,
          )
          if (seen.length < frames) requestAnimationFrame(sample)
          else resolve(seen)
        }
        requestAnimationFrame(sample)
      }),
    frames,
  )
}

/** Scrolls to `y`, waits for the header's look, then expects nothing to move. */
async function expectStillAt(page: Page, header: Locator, y: number, stuck: boolean) {
  await page.evaluate((y) => window.scrollTo(0, y), y)
  if (stuck) await expect(header).toHaveClass(/\bis-stuck\b/)
  else await expect(header).not.toHaveClass(/\bis-stuck\b/)
  const seen = await positionsOverFrames(page)
  const first = seen[0]!
  expect(first, `the scroll stays where it was put at ${y} px`).toMatch(
    new RegExp(`^scrollY ${y},`),
  )
  expect(
    [...new Set(seen)],
    `the scroll and the header stay put at ${y} px (${stuck ? 'stuck' : 'not stuck'})`,
  ).toEqual([first])
  return first.replace(/^.*content at /, '')
}

for (const width of [1280, 390]) {
  for (const path of ['/about', '/services']) {
    test(`the header's stuck look moves nothing around 200 px of scroll on ${path} at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 })
      await openIn(page, path, 'en')
      await waitForHydration(page)
      const header = page.locator('header.site-header')
      const contentAtTop = await expectStillAt(page, header, 0, false)

      // Down through the threshold: it sticks past 200 px, and the page under it keeps its place.
      for (const y of [195, 200, 201, 205, 208, 210, 215]) {
        const content = await expectStillAt(page, header, y, y > 200)
        expect(content, `the content starts where it did at the top (${y} px)`).toBe(contentAtTop)
      }
      // Back up: it stays stuck for a while, so a small move back does not flip it.
      for (const y of [205, 200, 190, 150]) {
        expect(await expectStillAt(page, header, y, true)).toBe(contentAtTop)
      }
      expect(await expectStillAt(page, header, 100, false)).toBe(contentAtTop)
    })
  }
}
