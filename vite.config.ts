import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { conformZodMini } from './vite-plugins/conform-zod-mini'
import { enhancementsEntry } from './vite-plugins/enhancements-entry'
import { precompressAssets } from './vite-plugins/precompress-assets'

/**
 * Sections of app/locales/*.json the browser never shows: the e-mails' texts, and
 * the obligations' (the manifest, /ops/compliance, the board's and the job card's
 * lines about passenger lists), which only pages that do not hydrate show.
 */
const serverOnlySections = ['mail', 'opsCompliance']
/** Sections only the staff pages (/ops) show: loaded there, with `?staff`. */
const staffSections = ['ops', 'opsCompanies', 'opsCapacity']

/**
 * The browser's copy of the translations (app/entry.client.tsx) leaves out what
 * it never shows, so every page downloads less; `<file>.json?staff` is the staff
 * pages' part. The files themselves are not touched, and the server build
 * keeps them whole.
 */
function clientTranslations(): Plugin {
  const locale = /\/app\/locales\/([a-z]+)\.json(\?staff)?$/
  return {
    name: 'client-translations',
    enforce: 'pre',
    async load(id, options) {
      const match = locale.exec(id)
      if (!match || options?.ssr) return undefined
      const strings = JSON.parse(
        await readFile(new URL(`./app/locales/${match[1]}.json`, import.meta.url), 'utf8'),
      ) as Record<string, unknown>
      const keep = match[2]
        ? (section: string) => staffSections.includes(section)
        : (section: string) =>
            !serverOnlySections.includes(section) && !staffSections.includes(section)
      return JSON.stringify(
        Object.fromEntries(Object.entries(strings).filter(([section]) => keep(section))),
      )
    },
  }
}

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  plugins: [
    clientTranslations(),
    conformZodMini(),
    enhancementsEntry(),
    reactRouter(),
    precompressAssets(),
  ],
  build: { assetsInlineLimit: 0 },
})
