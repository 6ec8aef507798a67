import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Every e-mail the outbox mailer wrote to `folder`, as text: its
 * quoted-printable soft breaks and escapes undone, read as UTF-8. For the
 * browser tests and the process tests alike.
 */
export function mailsInOutbox(folder: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => {
      const raw = readFileSync(join(folder, file), 'utf8').replace(/=\r?\n/g, '')
      const bytes = raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      )
      return Buffer.from(bytes, 'latin1').toString('utf8')
    })
}
