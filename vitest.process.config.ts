import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

// Process tests start the production build (`node server.js`, scripts) as real
// child processes: they run after `npm run build`, one file at a time, because
// each file owns its servers, ports and databases.
export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    include: ['tests/process/**/*.test.ts'],
    environment: 'node',
    // Where the time goes, printed after every run.
    reporters: ['default', './tests/support/slowest-reporter.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
