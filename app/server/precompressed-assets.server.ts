import { readdirSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import type { RequestHandler } from 'express'

/** Content types of the files the build writes a brotli copy of (vite-plugins/precompress-assets.ts). */
const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}

/**
 * Sends the build's brotli copy of a fingerprinted asset to a browser that
 * accepts brotli, instead of compressing the file again for every response
 * (and at a lower quality). The names of the copies are read once at start: the
 * build does not change under a running process. Anything else (no copy, no
 * brotli) goes on to the plain static files and the response compression.
 */
export function precompressedAssets(folder: string): RequestHandler {
  const root = resolve(folder)
  let copies: Set<string>
  try {
    copies = new Set(
      readdirSync(root)
        .filter((name) => name.endsWith('.br'))
        .map((name) => name.slice(0, -'.br'.length)),
    )
  } catch {
    copies = new Set()
  }
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const name = req.path.slice(1)
    const type = types[extname(name)]
    if (!copies.has(name) || !type) return next()
    // Whichever encoding is chosen, a cache must keep the answers apart.
    res.vary('Accept-Encoding')
    if (req.acceptsEncodings('br', 'identity') !== 'br') return next()
    res.sendFile(
      join(root, `${name}.br`),
      {
        immutable: true,
        maxAge: '1y',
        // A range of the compressed bytes is of no use to a browser reading a script.
        acceptRanges: false,
        headers: { 'Content-Type': type, 'Content-Encoding': 'br' },
      },
      (error?: NodeJS.ErrnoException) => {
        // A browser that left during the file (a page it navigated away from) is
        // no error of the site; a copy that cannot be read leaves it to the plain file.
        if (!error || res.headersSent || error.code === 'ECONNABORTED') return
        next()
      },
    )
  }
}
