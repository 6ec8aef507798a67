// Manages staff accounts (the people who sign in at /ops). Needs a build
// (npm run build); works while the site runs, on the same database.
//
//   npm run staff -- add --email E --name N --role admin|dispatcher|driver
//   npm run staff -- --disable --email E
//   npm run staff -- --reset --email E
//
// `add` and `--reset` read the password from standard input: its first line
// (at least 12 characters), e.g. `printf '%s\n' "$PASSWORD" | npm run staff -- …`.
// Exit codes: 0 done, 1 refused (the reason on stderr), 2 wrong usage.
import { createInterface } from 'node:readline'
import process from 'node:process'
import { loadBuild } from './load-build.mjs'

// The command's own lines are what the operator reads; the database's start-up
// lines would only bury them.
const build = await loadBuild({ LOG_LEVEL: 'warn' })
const staff = build.entry.module.staffCommand

const command = staff.parse(process.argv.slice(2))
if ('error' in command) {
  process.stderr.write(`${command.error}\n${staff.usage}\n`)
  process.exit(2)
}

/** The first line of standard input, without its line ending; '' when there is none. */
async function firstLine() {
  if (process.stdin.isTTY) process.stderr.write('Password (one line, at least 12 characters): ')
  const lines = createInterface({ input: process.stdin, terminal: false })
  for await (const line of lines) {
    lines.close()
    return line.replace(/\r$/, '')
  }
  return ''
}

const password = staff.needsPassword(command) ? await firstLine() : ''
const result = await staff.run(command, password)
if (result.ok) process.stdout.write(`${result.message}\n`)
else process.stderr.write(`refused: ${result.message}\n`)
process.exit(result.ok ? 0 : 1)
