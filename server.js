// Production server. Everything it does (settings, database, HTTP, logs, shutdown)
// lives in the build (app/server/, reached through entry.server's startServer), so
// every setting is read once, validated. This file only finds the build.
import { existsSync } from 'node:fs'
import process from 'node:process'

/**
 * A start that fails before the build's logger exists (no build, a .env that cannot
 * be read, settings refused while the build loads) still ends in one JSON line.
 */
function startFailed(error) {
  const issues = Array.isArray(error?.issues) ? error.issues : undefined
  const line = {
    level: 'error',
    time: new Date().toISOString(),
    event: 'server.start_failed',
    error: issues ? 'invalid settings' : String(error?.message ?? error),
    ...(issues ? { issues } : {}),
  }
  process.stderr.write(`${JSON.stringify(line)}\n`)
  process.exit(1)
}

let build
try {
  if (existsSync('.env')) process.loadEnvFile('.env')
  process.env.NODE_ENV ??= 'production'
  build = await import('./build/server/index.js')
} catch (error) {
  startFailed(error)
}
await build.entry.module.startServer(build)
