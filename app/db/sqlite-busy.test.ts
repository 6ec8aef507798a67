import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { isSqliteBusy } from './sqlite-busy'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** The error better-sqlite3 throws when a second connection finds the write lock taken. */
function busyErrorFromTwoConnections(): unknown {
  const folder = mkdtempSync(join(tmpdir(), 'sqlite-busy-'))
  folders.push(folder)
  const file = join(folder, 'locked.sqlite')
  const holder = new SQLite(file)
  const waiter = new SQLite(file, { timeout: 0 })
  try {
    holder.pragma('journal_mode = WAL')
    holder.exec('begin immediate')
    try {
      waiter.exec('begin immediate')
    } catch (error) {
      return error
    }
    throw new Error('the second connection got the lock')
  } finally {
    holder.close()
    waiter.close()
  }
}

describe('isSqliteBusy', () => {
  it('recognises the lock error better-sqlite3 throws', () => {
    const error = busyErrorFromTwoConnections()
    expect((error as Error).message).toBe('database is locked')
    expect(isSqliteBusy(error)).toBe(true)
  })

  it.each(['SQLITE_BUSY_RECOVERY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT'])(
    'counts the extended code %s as busy',
    (code) => {
      expect(isSqliteBusy(Object.assign(new Error('database is locked'), { code }))).toBe(true)
    },
  )

  it.each([
    ['a constraint failure', Object.assign(new Error('UNIQUE'), { code: 'SQLITE_CONSTRAINT' })],
    ['a code that only starts alike', Object.assign(new Error('x'), { code: 'SQLITE_BUSYNESS' })],
    ['an error without a code', new Error('database is locked')],
    ['nothing', undefined],
  ])('does not count %s', (_name, error) => {
    expect(isSqliteBusy(error)).toBe(false)
  })
})
