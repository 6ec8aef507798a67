import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The repository root: server.js and the build live there. */
export const root = new URL('../..', import.meta.url).pathname

/** A port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** A throwaway folder for one test's SQLite file and outbox. */
export function scratchFolder(): string {
  return mkdtempSync(join(tmpdir(), 'mc-process-'))
}

export interface RunningProcess {
  child: ChildProcess
  /** Everything the process wrote so far, stdout and stderr, one entry per line. */
  lines: string[]
  /** The lines that parse as JSON objects. */
  logs: () => Record<string, unknown>[]
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>
  stop: (signal?: NodeJS.Signals) => Promise<number | string>
}

/** Spawns a Node script of the repository with the given environment, capturing its output. */
export function runNode(args: string[], env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    // No inherited .env surprises: the test states every setting it relies on.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let pending = ''
    stream?.setEncoding('utf8')
    stream?.on('data', (chunk: string) => {
      pending += chunk
      const parts = pending.split('\n')
      pending = parts.pop() ?? ''
      lines.push(...parts.filter(Boolean))
    })
    stream?.on('end', () => pending && lines.push(pending))
  }
  collect(child.stdout)
  collect(child.stderr)
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  )
  return {
    child,
    lines,
    logs: () =>
      lines.flatMap((line) => {
        try {
          const parsed: unknown = JSON.parse(line)
          return parsed && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : []
        } catch {
          return []
        }
      }),
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

export interface RunningServer extends RunningProcess {
  port: number
  url: string
}

/**
 * Starts `node server.js` on a free port with a SQLite file of its own unless
 * `env` says otherwise, and waits until /healthz answers (or the process ends).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = Number(env.PORT ?? (await freePort()))
  const folder = scratchFolder()
  const url = `http://127.0.0.1:${port}`
  const server = runNode(['server.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    SESSION_SECRET: 'process-test-secret-not-for-production',
    DATABASE_URL: join(folder, 'site.sqlite'),
    OUTBOX_DIR: join(folder, 'outbox'),
    // Stopped at once unless a test of the shutdown itself asks for the delay.
    SHUTDOWN_DELAY_SECONDS: '0',
    ...env,
  })
  let ended = false
  void server.exited.then(() => (ended = true))
  for (let waited = 0; waited < 30_000 && !ended; waited += 100) {
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) return { ...server, port, url }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await server.stop('SIGKILL')
  throw new Error(`server on ${port} did not start:\n${server.lines.join('\n')}`)
}
