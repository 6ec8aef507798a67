/**
 * Structured JSON logs, one object a line. Callers pass event names and plain
 * fields; never card data, tokens or full personal data (PRODUCT.md, Operations).
 */
type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 }

const threshold = order[(process.env.LOG_LEVEL as Level | undefined) ?? 'info'] ?? order.info

function write(level: Level, event: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold) return
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n')
  else process.stdout.write(line + '\n')
}

export const logger = {
  debug: (event: string, fields?: Record<string, unknown>) => write('debug', event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write('info', event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write('warn', event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write('error', event, fields),
}
