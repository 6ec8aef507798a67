// Runs the periodic job once: settles payments whose callback never came (by
// asking the provider), expires drafts and abandoned bookings, retries the
// confirmation e-mails. Every instance also runs it every five minutes; this is
// for operations to run by hand or from a scheduler. Needs a build (npm run build).
import process from 'node:process'
import { loadBuild } from './load-build.mjs'

const build = await loadBuild()
const report = await build.entry.module.maintenanceOnce()
process.stdout.write(`${JSON.stringify(report)}\n`)
process.exit(0)
