import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Vitest runs without the reactRouter() plugin (see ENGINEERING.md): unit tests
// import pure modules and *.server.ts loaders directly.
export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // Where the time goes, printed after every run.
    reporters: ['default', './tests/support/slowest-reporter.ts'],
    // Adapters log their fallbacks; the tests assert them instead of printing them.
    // E-mails a test's booking triggers go to a throwaway outbox, not the repository's data/.
    env: { LOG_LEVEL: 'error', OUTBOX_DIR: join(tmpdir(), `mc-vitest-outbox-${process.pid}`) },
    setupFiles: ['tests/support/vitest-database.ts'],
  },
})
