import type { Plugin } from 'vite'

/**
 * The browser checks forms with the server's own schemas, written with zod's
 * small build (zod/mini). conform builds its coercing wrappers with four
 * functions it imports from 'zod/v4', zod's full build: left alone, that one
 * import would put all of zod in the browser beside zod/mini. zod/mini has the
 * same four functions over the same core, so the browser's build gives
 * conform those instead. The server's build keeps conform as published.
 */
export function conformZodMini(): Plugin {
  return {
    name: 'conform-zod-mini',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (id !== 'zod/v4' || options?.ssr || !importer?.includes('/@conform-to/zod/')) return null
      return this.resolve('zod/mini', importer, { ...options, skipSelf: true })
    },
  }
}
