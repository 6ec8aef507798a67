import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Code under test that reads the process's own database (the price lists in
 * force, behind every quote) opens it from DATABASE_URL. Each test worker gets
 * its own SQLite file under the temporary folder, never the repository's
 * data/, and never a file another worker is migrating at the same moment.
 */
process.env.DATABASE_URL ??= join(tmpdir(), `mc-vitest-${process.pid}`, 'site.sqlite')
