import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin, ResolvedConfig } from 'vite'

/** The module the server imports for the address of the enhancements' script. */
const virtualId = 'virtual:enhancements-entry'
const resolvedId = `\0${virtualId}`
/** The script's source, and the name its built file starts with. */
const entrySource = 'app/enhancements/enhance.ts'
const chunkName = 'enhance'

/**
 * The scripts of pages that React does not hydrate (docs/performance.md) are a
 * bundle of their own: the browser's build takes `app/enhancements/enhance.ts` as
 * one more entry, so it is compiled, minified and split (its features load on
 * demand) like the application, and shares no chunk with React. The server
 * learns its fingerprinted address from `virtual:enhancements-entry`: in the
 * server's build it names the file the browser's build wrote (that build runs
 * first), and in development the source itself, which Vite serves compiled.
 */
export function enhancementsEntry(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'enhancements-entry',
    configResolved(resolved) {
      config = resolved
    },
    buildStart() {
      if (config.command !== 'build' || config.build.ssr) return
      this.emitFile({ type: 'chunk', id: resolve(config.root, entrySource), name: chunkName })
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined
    },
    load(id) {
      if (id !== resolvedId) return undefined
      if (config.command !== 'build') return `export default ${JSON.stringify(`/${entrySource}`)}`
      const assets = resolve(config.root, 'build/client/assets')
      const built = readdirSync(assets).filter((name) =>
        new RegExp(`^${chunkName}-[\\w-]+\\.js$`).test(name),
      )
      if (built.length !== 1) {
        throw new Error(`expected one ${chunkName}-*.js in ${assets}, found ${built.length}`)
      }
      return `export default ${JSON.stringify(`/assets/${built[0]}`)}`
    },
  }
}
