import { spawn } from 'node:child_process'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root, scratchFolder, startServer, type RunningServer } from './server-process'

const script = join(root, 'scripts/staff.mjs')

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Runs `node scripts/staff.mjs …` with the given settings, writing `input` to its stdin. */
function staff(args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? -1, stdout, stderr })
    })
    child.stdin.end(input)
  })
}

describe('npm run staff against the built server bundle', () => {
  const folder = scratchFolder()
  const file = join(folder, 'site.sqlite')
  const env = {
    DATABASE_URL: file,
    SESSION_SECRET: 'process-test-secret-not-for-production',
    OUTBOX_DIR: join(folder, 'outbox'),
  }
  const accounts = () => {
    const database = new Database(file, { readonly: true })
    try {
      return database
        .prepare('select email, name, role, password_hash, disabled_at from staff_accounts')
        .all() as {
        email: string
        name: string
        role: string
        password_hash: string
        disabled_at: string | null
      }[]
    } finally {
      database.close()
    }
  }
  // The command runs while the site serves the same file, as it would in production.
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: file, OUTBOX_DIR: env.OUTBOX_DIR })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('adds the first admin with the password read from standard input', async () => {
    const run = await staff(
      ['add', '--email', 'Admin@Example.com', '--name', 'Ayşe Yılmaz', '--role', 'admin'],
      env,
      'a long admin passphrase\n',
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/added admin admin@example\.com/)
    const [admin] = accounts()
    expect(admin).toMatchObject({ email: 'admin@example.com', name: 'Ayşe Yılmaz', role: 'admin' })
    expect(admin!.password_hash).toMatch(/^\$argon2id\$/)
    expect(admin!.password_hash).not.toContain('passphrase')
  })

  it('adds dispatchers and drivers, and refuses the same e-mail twice', async () => {
    const dispatcher = await staff(
      ['add', '--email', 'desk@example.com', '--name', 'Desk', '--role', 'dispatcher'],
      env,
      'dispatcher passphrase\n',
    )
    expect(dispatcher.code).toBe(0)
    const driver = await staff(
      ['add', '--email', 'driver@example.com', '--name', 'Mehmet', '--role', 'driver'],
      env,
      'driver passphrase 1\r\n',
    )
    expect(driver.code).toBe(0)
    const again = await staff(
      ['add', '--email', 'DESK@example.com', '--name', 'Desk 2', '--role', 'driver'],
      env,
      'dispatcher passphrase\n',
    )
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/already exists/)
    expect(accounts().map((account) => account.role)).toEqual(['admin', 'dispatcher', 'driver'])
  })

  it('refuses a password shorter than 12 characters, and no password at all', async () => {
    const short = await staff(
      ['add', '--email', 'short@example.com', '--name', 'S', '--role', 'driver'],
      env,
      'elevenchars\n',
    )
    expect(short.code).toBe(1)
    expect(short.stderr).toMatch(/at least 12 characters/)
    const none = await staff(
      ['add', '--email', 'none@example.com', '--name', 'N', '--role', 'driver'],
      env,
    )
    expect(none.code).toBe(1)
    expect(accounts().some((account) => account.email.startsWith('short'))).toBe(false)
  })

  it('refuses invalid settings in one line naming each setting, without a stack trace', async () => {
    const run = await staff(['--disable', '--email', 'desk@example.com'], {
      ...env,
      DATABASE_URL: 'mysql://db.example.com/site',
      SESSION_SECRET: '',
    })
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    const lines = run.stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^refused: invalid settings: /)
    expect(lines[0]).toContain('DATABASE_URL: DATABASE_URL must be a SQLite file path')
    expect(lines[0]).toContain('SESSION_SECRET: SESSION_SECRET must be at least 16 characters')
    expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/)
  })

  it('answers 2 with the usage for a wrong command', async () => {
    const run = await staff(['add', '--email', 'x@example.com', '--role', 'boss'], env)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/usage:/)
  })

  it('signs the new admin in on the running site, and --disable signs them out', async () => {
    const signIn = await fetch(`${server.url}/ops/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'admin@example.com',
        password: 'a long admin passphrase',
      }),
    })
    expect(signIn.status).toBe(303)
    expect(signIn.headers.get('location')).toBe('/ops')
    const cookie = signIn.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^staff_session=/)
    expect(cookie).toMatch(/Path=\/ops/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    const session = cookie.split(';')[0]!
    const board = await fetch(`${server.url}/ops`, { headers: { cookie: session } })
    expect(board.status).toBe(200)
    expect(board.headers.get('cache-control')).toBe('no-store')
    expect(await board.text()).toContain('Signed in as Ayşe Yılmaz')

    expect((await staff(['--disable', '--email', 'admin@example.com'], env)).code).toBe(0)
    const after = await fetch(`${server.url}/ops`, {
      headers: { cookie: session },
      redirect: 'manual',
    })
    expect(after.status).toBe(302)
    expect(after.headers.get('location')).toBe('/ops/sign-in')
  })

  it('disables an account and resets a password', async () => {
    const disable = await staff(['--disable', '--email', 'driver@example.com'], env)
    expect(disable.code).toBe(0)
    expect(accounts().find((account) => account.role === 'driver')?.disabled_at).toBeTruthy()

    const before = accounts().find((account) => account.role === 'dispatcher')!.password_hash
    const reset = await staff(
      ['--reset', '--email', 'desk@example.com'],
      env,
      'another dispatcher passphrase\n',
    )
    expect(reset.code).toBe(0)
    expect(accounts().find((account) => account.role === 'dispatcher')!.password_hash).not.toBe(
      before,
    )
    const unknown = await staff(
      ['--reset', '--email', 'ghost@example.com'],
      env,
      'whatever long one\n',
    )
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/no account/)
  })

  it('tells a locked-out address when to try again, in its language, the right password included', async () => {
    const signInWith = (email: string, password: string, language = 'en') =>
      fetch(`${server.url}/ops/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'accept-language': language,
        },
        body: new URLSearchParams({ email, password }),
      })
    // Unknown e-mails: the account limit of the real one is never touched.
    for (let index = 0; index < 20; index++) {
      const refused = await signInWith(`guess-${index}@example.com`, 'not the password')
      expect(refused.status).toBe(400)
      expect(await refused.text()).toContain('E-mail or password is not right.')
    }
    const started = Date.now()
    const english = await signInWith('desk@example.com', 'another dispatcher passphrase')
    expect(english.status).toBe(429)
    const wait = Number(english.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(15 * 60)
    const expected = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Istanbul',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    // The time shown is when the first failure leaves the 15-minute window.
    const times = [started + wait * 1000 - 60_000, started + wait * 1000].map((at) =>
      expected.format(at),
    )
    const html = await english.text()
    const shown =
      /Too many sign-in attempts from this connection\. Try again after (\d\d:\d\d) \(Istanbul time\)\./.exec(
        html,
      )
    expect(shown, html).not.toBeNull()
    expect(times).toContain(shown![1])
    expect(html).not.toContain('E-mail or password is not right.')
    expect(english.headers.get('set-cookie') ?? '').not.toMatch(/staff_session=/)

    const turkish = await signInWith('desk@example.com', 'another dispatcher passphrase', 'tr')
    expect(turkish.status).toBe(429)
    expect(await turkish.text()).toContain(
      `Bu bağlantıdan çok fazla giriş denemesi yapıldı. Saat ${shown![1]} sonrasında yeniden deneyin (İstanbul saati).`,
    )
  })
})
