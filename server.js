// Production server: serves the React Router build behind a few HTTP basics
// (static caching, compression, security headers, graceful shutdown).
// Settings come from the environment; a local .env file is read when present.
import { existsSync } from 'node:fs'
import process from 'node:process'

if (existsSync('.env')) process.loadEnvFile('.env')
process.env.NODE_ENV ??= 'production'

const { default: express } = await import('express')
const { default: compression } = await import('compression')
const { createRequestHandler } = await import('@react-router/express')

const build = await import('./build/server/index.js')
// Settings are validated and the database is opened and migrated before listening.
await build.entry.module.startup?.()
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'
const baseUrl = process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`

const app = express()
app.disable('x-powered-by')
// Behind a TLS-terminating proxy the client's scheme and address come from X-Forwarded-*.
// One proxy hop (the load balancer): req.ip is the address it saw, not whatever a
// client wrote first in X-Forwarded-For, so the contact form's rate limit holds.
if (/^(1|true|yes)$/i.test(process.env.TRUST_PROXY ?? '')) app.set('trust proxy', 1)

app.use((_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(self), payment=(self)',
  )
  if (baseUrl.startsWith('https:')) {
    res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
  next()
})
app.use(compression())
// Fingerprinted bundles never change; everything else in public/ may.
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
app.use(express.static('build/client', { maxAge: '1h' }))
app.all(
  '*splat',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    // The client's address (req.ip honours TRUST_PROXY) reaches actions through the load
    // context: the contact form's rate limit counts messages per sender.
    getLoadContext: (req) => build.entry.module.requestLoadContext(req.ip),
  }),
)

const server = app.listen(port, host, () => {
  process.stdout.write(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'info',
      event: 'server.listening',
      url: baseUrl,
      port,
    }) + '\n',
  )
})

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 10_000).unref()
  })
}
