import { pino, type Logger } from 'pino'
import { logLevelSchema } from '~/config/env.server'

/**
 * Structured JSON logs, one object a line, written by pino: debug and info on
 * stdout, warn and error on stderr. Callers pass an event name and plain fields;
 * never card data, tokens, free text a traveller typed, or full personal data.
 *
 * The level comes from LOG_LEVEL, read with the settings' own rule but without
 * the rest of the settings: the logger has to work before they are validated,
 * and when they fail, to report why (an unknown level falls back to info, and
 * the settings check names it).
 */
const level = logLevelSchema.catch('info').parse(process.env.LOG_LEVEL ?? 'info')

/** The pino instance behind `logger`; the HTTP access log writes through it too. */
export const pinoLogger: Logger = pino(
  {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  // The stream objects themselves (not file descriptors): writes stay synchronous on
  // pipes and files, so a line logged just before process.exit is not lost.
  pino.multistream(
    [
      { level: 'debug', stream: process.stdout },
      { level: 'warn', stream: process.stderr },
    ],
    { dedupe: true },
  ),
)

type Fields = Record<string, unknown>

export const logger = {
  debug: (event: string, fields?: Fields) => pinoLogger.debug({ event, ...fields }),
  info: (event: string, fields?: Fields) => pinoLogger.info({ event, ...fields }),
  warn: (event: string, fields?: Fields) => pinoLogger.warn({ event, ...fields }),
  error: (event: string, fields?: Fields) => pinoLogger.error({ event, ...fields }),
}
