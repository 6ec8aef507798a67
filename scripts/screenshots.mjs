// Takes full-page screenshots of every public page at phone and desktop widths,
// for a person to look at (not a test). Usage:
//   node scripts/screenshots.mjs [baseUrl] [outDir] [lang] [path ...]
import { chromium } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { chromiumLaunchOptions } from '../tests/chromium-launch.mjs'

const [baseUrl = 'http://localhost:3000', outDir = 'screenshots', lang = 'en', ...only] =
  process.argv.slice(2)
const paths = only.length
  ? only
  : [
      '/',
      '/about',
      '/contact',
      '/our-team',
      '/team-single/1',
      '/login',
      '/register',
      '/pricing',
      '/coming-soon',
      '/page-not-found',
      '/privacy-policy',
      '/terms',
      '/distance-agreement',
      '/fleet-list',
      '/fleet-list?type=Ford',
      '/fleet-single/1',
      '/services',
      '/services/airport-transfers',
      '/blog-grid',
      '/blog-grid-2',
      '/blog-list',
      '/blog/32322/sultanahmet-historic-peninsula-in-a-day',
      '/no-such-page',
    ]
mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch(chromiumLaunchOptions)
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } })
  for (const path of paths) {
    const separator = path.includes('?') ? '&' : '?'
    await page.goto(`${baseUrl}${path}${separator}lng=${lang}`, { waitUntil: 'networkidle' })
    // Scroll through once so lazy images load before the full-page capture.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
        window.scrollTo(0, y)
        await new Promise((resolve) => setTimeout(resolve, 150))
      }
      window.scrollTo(0, 0)
    })
    await page.waitForLoadState('networkidle')
    const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'
    await page.screenshot({ path: `${outDir}/${lang}-${width}-${name}.png`, fullPage: true })
  }
  await page.close()
}
await browser.close()
console.log(`screenshots in ${outDir}`)
