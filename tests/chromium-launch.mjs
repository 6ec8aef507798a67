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
