// Loads the server build for the operator's commands (npm run staff, npm run
// maintenance), with the same settings the server reads: .env when present and
// NODE_ENV defaulting to production.
//
// Settings are validated while the build loads. A refusal is the operator's to
// fix, so it ends in one line naming each refused setting and exit code 1, not in
// a stack trace (the server's start-up does the same as a JSON log line).
import { existsSync } from 'node:fs'
import process from 'node:process'

/** Why the build could not load, in one line. */
export function loadFailure(error) {
  if (Array.isArray(error?.issues)) return `invalid settings: ${error.issues.join('; ')}`
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && /build\/server/.test(String(error.message)))
    return 'no server build: run npm run build first'
  return String(error?.message ?? error)
}

/** The build's module; `defaults` fill settings that neither the environment nor .env set. */
export async function loadBuild(defaults = {}) {
  try {
    if (existsSync('.env')) process.loadEnvFile('.env')
    process.env.NODE_ENV ??= 'production'
    for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value
    return await import('../build/server/index.js')
  } catch (error) {
    process.stderr.write(`refused: ${loadFailure(error)}\n`)
    process.exit(1)
  }
}
