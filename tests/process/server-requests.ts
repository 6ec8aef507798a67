import { request, type IncomingHttpHeaders } from 'node:http'
import { readFileSync } from 'node:fs'

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/**
 * An HTTP request whose body the test writes by hand (fetch cannot hold an upload
 * half-sent or send a body larger than it is willing to buffer). `send` writes a
 * part of the body, `finish` ends it; `response` settles as soon as the server
 * answers, even while the body is still being written.
 */
export interface Upload {
  send: (chunk: string | Buffer) => Promise<boolean>
  finish: (chunk?: string) => void
  /** Whether the server answered already. */
  answered: () => boolean
  response: Promise<RawResponse>
  abort: () => void
}

export function upload(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string | number> } = {},
): Upload {
  const url = new URL(path, base)
  let answered = false
  const outgoing = request(url, { method: options.method ?? 'POST', headers: options.headers })
  const response = new Promise<RawResponse>((resolve, reject) => {
    outgoing.on('response', (incoming) => {
      answered = true
      let body = ''
      incoming.setEncoding('utf8')
      incoming.on('data', (chunk: string) => (body += chunk))
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }),
      )
      incoming.on('error', reject)
    })
    // The server may close the connection while the test still writes: only an
    // error before any answer counts.
    outgoing.on('error', (error) => {
      if (!answered) reject(error)
    })
  })
  // Unhandled until the test awaits it; the rejection is reported there.
  response.catch(() => {})
  return {
    // Resolves once the chunk is taken (true), or when writing more is pointless
    // (false): the server answered, or the connection ended.
    send: (chunk) =>
      new Promise((resolve) => {
        if (answered || outgoing.destroyed) return resolve(false)
        if (outgoing.write(chunk)) return resolve(true)
        const settle = (taken: boolean) => () => {
          outgoing.off('drain', onDrain)
          outgoing.off('response', onEnd)
          outgoing.off('close', onEnd)
          resolve(taken)
        }
        const onDrain = settle(true)
        const onEnd = settle(false)
        outgoing.once('drain', onDrain)
        outgoing.once('response', onEnd)
        outgoing.once('close', onEnd)
      }),
    finish: (chunk) => {
      if (!outgoing.destroyed) outgoing.end(chunk)
    },
    answered: () => answered,
    response,
    abort: () => outgoing.destroy(),
  }
}

/** A whole request with a string body, through node:http (no fetch-side rules on headers). */
export async function send(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string | number>; body?: string } = {},
): Promise<RawResponse> {
  const body = options.body ?? ''
  const call = upload(base, path, {
    method: options.method,
    headers: { 'content-length': Buffer.byteLength(body), ...options.headers },
  })
  call.finish(body)
  return call.response
}

/** The resident memory of a process, in MB (Linux). */
export function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kilobytes = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1])
  return kilobytes / 1024
}

/** Waits until `check` holds, polling; fails with `what` after `ms`. */
export async function eventually(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}
