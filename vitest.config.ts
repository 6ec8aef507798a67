import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

// Vitest runs without the reactRouter() plugin (see ENGINEERING.md): unit tests
// import pure modules and *.server.ts loaders directly.
export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // Adapters log their fallbacks; the tests assert them instead of printing them.
    env: { LOG_LEVEL: 'error' },
  },
})
