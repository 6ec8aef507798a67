import { readdirSync } from 'node:fs'
import express, { type RequestHandler } from 'express'

/**
 * The build's public files (favicon, images), served by express.static, which
 * asks the file system about every GET it sees. Most GETs are pages, whose paths
 * are no file, and that question (a stat, then the not-found error send makes of
 * it) came before every page. The folder is written by the build and does not
 * change while the server runs, so its top-level names are read once, and only
 * a path under one of them reaches the file system.
 */
export function publicFiles(folder: string, options: Parameters<typeof express.static>[1]) {
  const serve = express.static(folder, options)
  const topLevel = new Set(topLevelNames(folder))
  return ((req, res, next) => {
    const first = req.path.split('/')[1] ?? ''
    if (topLevel.has(first) || topLevel.has(decoded(first))) return serve(req, res, next)
    next()
  }) satisfies RequestHandler
}

function topLevelNames(folder: string): string[] {
  try {
    return readdirSync(folder)
  } catch {
    // No build yet (a test's app): nothing to serve.
    return []
  }
}

/** A percent-encoded name as the file system spells it; as sent when it cannot be decoded. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
