// Runs the periodic job once: settles payments whose callback never came (by
// asking the provider), expires drafts and abandoned bookings, retries the
// confirmation e-mails. Every instance also runs it every five minutes; this is
// for operations to run by hand or from a scheduler. Needs a build (npm run build).
import { existsSync } from 'node:fs'
import process from 'node:process'

if (existsSync('.env')) process.loadEnvFile('.env')
process.env.NODE_ENV ??= 'production'

const build = await import('../build/server/index.js')
const report = await build.entry.module.maintenanceOnce()
process.stdout.write(`${JSON.stringify(report)}\n`)
process.exit(0)
