// Starts and stops `node server.js` (the production build) on free loopback ports.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

export const root = new URL('..', import.meta.url).pathname

/** The unit of /proc/<pid>/stat's CPU times: Linux's USER_HZ, 100 on every usual build. */
const clockTicksPerSecond = 100

/** A port nobody listens on right now (the kernel picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * One instance, listening on 127.0.0.1 only, with the given settings on top of a
 * clean environment (no inherited .env surprises). Resolves once /healthz
 * answers; rejects with the server's output if it ends or takes over a minute.
 * A fixed port and Node flags (e.g. --cpu-prof) may be given.
 */
export async function startServer(env, { port: fixedPort, nodeArgs = [] } = {}) {
  const port = fixedPort ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [...nodeArgs, 'server.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines = []
  for (const stream of [child.stdout, child.stderr]) {
    let pending = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk) => {
      pending += chunk
      const parts = pending.split('\n')
      pending = parts.pop() ?? ''
      lines.push(...parts.filter(Boolean))
    })
  }
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  )
  let ended = false
  void exited.then(() => (ended = true))

  const stop = async () => {
    if (!ended) child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    const result = await exited
    clearTimeout(timer)
    return result
  }
  /**
   * The CPU time the server's process has used so far, in milliseconds (user and
   * system, from /proc), or undefined where there is no /proc. A run's CPU per
   * request or per journey is steadier than its rate on a shared machine.
   */
  const cpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond
    } catch {
      return undefined
    }
  }
  /** Lines the server logged at level error (or that are not JSON at all). */
  const errors = () =>
    lines.filter((line) => {
      try {
        const entry = JSON.parse(line)
        return entry.level === 'error' || entry.level === 'fatal' || entry.level >= 50
      } catch {
        return true
      }
    })

  for (const started = Date.now(); Date.now() - started < 60_000 && !ended;) {
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return { url, port, lines, errors, stop, cpuMs }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stop()
  throw new Error(`the server on port ${port} did not start:\n${lines.slice(-20).join('\n')}`)
}
