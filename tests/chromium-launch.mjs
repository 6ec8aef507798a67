import { existsSync } from 'node:fs'

// How Debian's Chromium is started here, for the browser tests and the screenshot
// script alike: Playwright cannot download its own browser on these machines, and
// without these flags Chromium keeps trying to reach Google's services.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
}

/**
 * The browser suite runs in Debian's `chromium-headless-shell` when it is
 * installed (scripts/test.sh installs it): the same engine as `chromium`
 * without the full browser's windowing layers, which the new headless mode of
 * the full browser carries. On these two cores it does the same pages in about
 * 60 % of the time (the zoom spec's public-page sweep: 17 and 19 s with the full
 * browser, 11 and 12 s with the shell; zoom, reflow and focus-ring together in
 * 4.9 minutes, where zoom and reflow alone took 6.6). The bench keeps the full
 * browser, so its figures stay comparable from run to run.
 */
const headlessShell = '/usr/bin/chromium-headless-shell'
export const browserSuiteLaunchOptions = {
  ...chromiumLaunchOptions,
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(headlessShell) ? headlessShell : chromiumLaunchOptions.executablePath),
}
