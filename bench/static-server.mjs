// The baseline of the throughput figures: the exact bytes the app sent for each
// page, served from memory by Node's http module with the app's own headers and
// the same `compression` middleware (so both sides pay for the same gzip/brotli
// work, and the ratio app/static is what rendering costs).
//
//   node bench/static-server.mjs <folder> <port>
//
// <folder>/manifest.json maps each path (with its query) to { file, status, headers }.
// Runs in its own process, like the app, so it does not share a core with the load
// generator. Prints "listening" once it accepts connections.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import process from 'node:process'
import compression from 'compression'

const [folder, port] = process.argv.slice(2)
if (!folder || !port) {
  process.stderr.write('usage: node bench/static-server.mjs <folder> <port>\n')
  process.exit(2)
}

const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))
const pages = new Map(
  Object.entries(manifest).map(([path, page]) => [
    path,
    { ...page, body: readFileSync(join(folder, page.file)) },
  ]),
)

const compress = compression()

const server = createServer((req, res) => {
  compress(req, res, () => {
    const page = pages.get(req.url ?? '/')
    if (!page) {
      res.statusCode = 404
      res.end('not in the baseline')
      return
    }
    res.statusCode = page.status
    for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value)
    res.setHeader('Date', new Date().toUTCString())
    res.end(page.body)
  })
})

server.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
