import { z } from 'zod'

/**
 * Every setting the server reads, validated once at start. Defaults make a fresh
 * checkout run with no configuration; production refuses the development secret.
 * Keep `.env.example` and the README's configuration table in step with this schema.
 */
const DEV_SECRET = 'dev-only-secret-change-me'

/**
 * Secrets everyone can read: the development default and the placeholder of
 * `.env.example` (a copied example file must not sign production cookies).
 */
const PUBLIC_SECRETS = [DEV_SECRET, 'replace-with-a-long-random-secret']

/** The log levels LOG_LEVEL accepts; the logger reads its level through this too. */
export const logLevelSchema = z.enum(['debug', 'info', 'warn', 'error'])

/**
 * Where bookings are stored: a SQLite file path (also written `sqlite:path`,
 * `sqlite://path` or `file:path`, all read as the path) or a `postgres://` /
 * `postgresql://` URL. Any other `scheme://` is refused: a MySQL URL must not
 * quietly become a local file named after it.
 */
const databaseUrl = z
  .string()
  .trim()
  .min(1)
  .transform((value) =>
    /^postgres(ql)?:\/\//i.test(value) ? value : value.replace(/^(sqlite|file):(\/\/)?/i, ''),
  )
  .refine(
    (value) => /^postgres(ql)?:\/\//i.test(value) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value),
    {
      error: 'DATABASE_URL must be a SQLite file path or a postgres:// URL',
    },
  )
  .refine((value) => value.length > 0, { error: 'DATABASE_URL names no file' })

/** An empty value (`TRUST_PROXY=` in a .env file) means the default. */
const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value)

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    /** Defaults to http://localhost:PORT. */
    PUBLIC_BASE_URL: z.preprocess(
      emptyIsUnset,
      z
        .url({ protocol: /^https?$/, error: 'PUBLIC_BASE_URL must be an http:// or https:// URL' })
        .optional(),
    ),
    SESSION_SECRET: z
      .string()
      .min(16, 'SESSION_SECRET must be at least 16 characters')
      .default(DEV_SECRET)
      .transform((value) => value.split(',').map((secret) => secret.trim())),
    /**
     * Keys that seal identity and passport numbers at rest (app/security/
     * sealed-text.server.ts): base64url of 32 random bytes each, comma-separated,
     * the first sealing, all opening. Unset: keys derived from SESSION_SECRET's.
     */
    PERSONAL_DATA_KEYS: z
      .string()
      .trim()
      .default('')
      .transform((value) => (value === '' ? [] : value.split(',').map((key) => key.trim())))
      .pipe(
        z.array(
          z
            .string()
            .regex(/^[A-Za-z0-9_-]{43}$/, 'PERSONAL_DATA_KEYS: each key is 32 bytes in base64url'),
        ),
      ),
    TRUST_PROXY: z.preprocess(emptyIsUnset, z.stringbool().default(false)),
    LOG_LEVEL: logLevelSchema.default('info'),
    /**
     * Turns on /metrics (Prometheus), answered only with `Authorization: Bearer <token>`;
     * unset, /metrics is not found. Sent in a header, so printable ASCII without spaces.
     */
    METRICS_TOKEN: z.preprocess(
      emptyIsUnset,
      z
        .string()
        .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces')
        .min(16, 'METRICS_TOKEN must be at least 16 characters')
        .optional(),
    ),
    /** On SIGTERM: how long /readyz answers 503 while requests are still taken in. */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(3),
    /** On a signal: when requests still open are cut and the process exits 1. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(8),
    /** New booking drafts one client address may start in 10 minutes (the vehicle step answers 429 after). */
    DRAFTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    /** Find-my-booking requests one client address may make in 15 minutes (429 after). */
    FIND_BOOKING_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    /** Account e-mails (links, registrations) one client address may ask for in an hour (429 after). */
    ACCOUNT_EMAILS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),

    BRAND_NAME: z.string().min(1).default('Marmara Chauffeur'),
    LEGAL_NAME: z.string().min(1).default('Marmara Chauffeur Turizm ve Taşımacılık Ltd. Şti.'),
    CONTACT_PHONE: z.string().min(5).default('+90 212 555 01 00'),
    CONTACT_EMAIL: z.email().default('reservations@marmarachauffeur.com'),
    /** The company's own mailbox for new bookings, cancellations and refunds; CONTACT_EMAIL when unset. */
    OPERATIONS_EMAIL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.email().optional(),
    ),
    OFFICE_ADDRESS: z
      .string()
      .min(5)
      .default('Büyükdere Caddesi No: 185, 34394 Levent, Şişli, İstanbul'),
    OFFICE_HOURS: z.string().default('24/7'),
    COMPANY_REGISTRATION: z
      .string()
      .default('İstanbul Ticaret Sicili No: 123456-5 · Mersis No: 0612345678900015'),
    TURSAB_CODE: z.string().default('14563'),
    SOCIAL_FACEBOOK: optionalUrl.default('https://www.facebook.com/marmarachauffeur'),
    SOCIAL_INSTAGRAM: optionalUrl.default('https://www.instagram.com/marmarachauffeur'),
    SOCIAL_X: optionalUrl.default('https://x.com/marmarachauffeur'),
    SOCIAL_LINKEDIN: optionalUrl.default('https://www.linkedin.com/company/marmarachauffeur'),
    SOCIAL_YOUTUBE: optionalUrl.default('https://www.youtube.com/@marmarachauffeur'),
    WHATSAPP_NUMBER: z.string().default('905325550100'),

    LAUNCH_DATE: z.iso.datetime({ offset: true }).default('2027-05-09T09:00:00+03:00'),
    PROMO_VIDEO_URL: optionalUrl.default(''),
    GOOGLE_MAPS_BROWSER_KEY: z.string().trim().default(''),

    DATABASE_URL: databaseUrl.default('data/marmara.sqlite'),

    DISTANCE_PROVIDER: z.enum(['builtin', 'google']).default('builtin'),
    GOOGLE_MAPS_SERVER_KEY: z.string().trim().default(''),
    GOOGLE_MAPS_API_URL: z.url().default('https://maps.googleapis.com'),
    ROAD_FACTOR: z.coerce.number().min(1).max(3).default(1.3),
    RATES_PROVIDER: z.enum(['builtin', 'ecb']).default('builtin'),
    ECB_RATES_URL: z.url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),

    /** simulator: the built-in hosted test page (no key, no network); iyzico: the real Checkout Form. */
    PAYMENT_PROVIDER: z.enum(['simulator', 'iyzico']).default('simulator'),
    IYZICO_API_KEY: z.string().trim().default(''),
    IYZICO_SECRET_KEY: z.string().trim().default(''),
    IYZICO_BASE_URL: z.url().default('https://sandbox-api.iyzipay.com'),

    /** smtp(s)://user:pass@host:port; empty: e-mails are written to OUTBOX_DIR as .eml files. */
    SMTP_URL: z.string().trim().default(''),
    MAIL_FROM: z.string().trim().default(''),
    OUTBOX_DIR: z.string().trim().min(1).default('data/outbox'),

    /**
     * SMS and WhatsApp. outbox: each message is written to OUTBOX_DIR/messages as JSON
     * (no key, no network); twilio: sent through Twilio's Messages API.
     */
    MESSAGING_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    TWILIO_ACCOUNT_SID: z.string().trim().default(''),
    TWILIO_AUTH_TOKEN: z.string().trim().default(''),
    /** The SMS sender: a number in E.164, or an alphanumeric sender ID where the country allows it. */
    TWILIO_FROM_SMS: z.string().trim().default(''),
    /** The WhatsApp sender in E.164; empty: no WhatsApp (travellers who chose it get SMS). */
    TWILIO_FROM_WHATSAPP: z.string().trim().default(''),
    TWILIO_API_URL: z.url().default('https://api.twilio.com'),
    /**
     * The approved WhatsApp templates, one per message kind and language: `kind.language=HX…` pairs separated
     * by commas (docs/messages.md lists the kinds and each template's variables).
     */
    TWILIO_WHATSAPP_TEMPLATES: z
      .string()
      .trim()
      .default('')
      .transform((value, ctx) => {
        const templates: Record<string, string> = {}
        for (const pair of value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          const [kind, sid, ...rest] = pair.split('=').map((part) => part.trim())
          if (!kind || !sid || rest.length) {
            ctx.addIssue({
              code: 'custom',
              message: 'write kind.language=ContentSid pairs, comma separated',
            })
            return z.NEVER
          }
          templates[kind] = sid
        }
        return templates
      }),

    /**
     * Flight status. none: nothing follows flights (no key, no network), and no page
     * says otherwise; aeroapi: FlightAware AeroAPI is asked (docs/flights.md).
     */
    FLIGHT_STATUS_PROVIDER: z.enum(['none', 'aeroapi']).default('none'),
    AEROAPI_KEY: z.string().trim().default(''),
    AEROAPI_BASE_URL: z.url().default('https://aeroapi.flightaware.com/aeroapi'),
    /** Minutes between a plane's landing and its traveller's pickup (bags, passport control). */
    ARRIVAL_PICKUP_MINUTES: z.coerce.number().int().min(0).max(180).default(30),
    /** Minutes a driver waits for free after the plane actually landed. */
    FREE_WAITING_MINUTES: z.coerce.number().int().min(0).max(600).default(60),
    /** How far (minutes) a delay must move the pickup before everyone is told, and again. */
    FLIGHT_DELAY_NOTICE_MINUTES: z.coerce.number().int().min(5).max(600).default(30),

    /** Dispatch: minutes added after a trip's estimated end before its driver and car count as free. */
    DISPATCH_BUFFER_MINUTES: z.coerce.number().int().min(0).max(720).default(30),
    /** The hour (Istanbul, 0-23) from which the day-before reminder e-mails are sent. */
    REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(18),

    /**
     * The Ministry's passenger lists (docs/compliance.md). manual: nothing is filed,
     * staff file by hand from the manifest the site prints; uetds: the U-ETDS web
     * service for unscheduled passenger transport is called with the company's UNET
     * number and service password.
     */
    UETDS_PROVIDER: z.enum(['manual', 'uetds']).default('manual'),
    UETDS_USERNAME: z.string().trim().default(''),
    UETDS_PASSWORD: z.string().default(''),
    /** The service's address; its test service is …/kdgm/test/uetdsarizi. */
    UETDS_URL: z.url().default('https://servis.turkiye.gov.tr/services/g2g/kdgm/uetdsarizi'),
    /** The latest a complete ride's list is filed before its pickup (the law: an hour). */
    UETDS_LEAD_MINUTES: z.coerce.number().int().min(60).max(1440).default(90),

    /**
     * The tax office's electronic invoices (docs/invoicing.md). none: the site issues
     * none, and its invoice page says it is not an e-Arşiv document; parasut: each paid
     * ride is invoiced through Paraşüt's API v4, as an e-Fatura or an e-Arşiv.
     */
    INVOICE_PROVIDER: z.enum(['none', 'parasut']).default('none'),
    PARASUT_CLIENT_ID: z.string().trim().default(''),
    PARASUT_CLIENT_SECRET: z.string().default(''),
    PARASUT_USERNAME: z.string().trim().default(''),
    PARASUT_PASSWORD: z.string().default(''),
    PARASUT_COMPANY_ID: z.string().trim().default(''),
    PARASUT_API_URL: z.url().default('https://api.parasut.com'),
    /** A Paraşüt product every invoice line relates to, for an account that asks one. */
    PARASUT_PRODUCT_ID: z.string().trim().default(''),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER === 'iyzico' && (!env.IYZICO_API_KEY || !env.IYZICO_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['IYZICO_API_KEY'],
        message: 'PAYMENT_PROVIDER=iyzico needs IYZICO_API_KEY and IYZICO_SECRET_KEY',
      })
    }
    if (
      env.MESSAGING_PROVIDER === 'twilio' &&
      (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM_SMS)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message:
          'MESSAGING_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_SMS',
      })
    }
    if (env.UETDS_PROVIDER === 'uetds' && (!env.UETDS_USERNAME || !env.UETDS_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['UETDS_USERNAME'],
        message: 'UETDS_PROVIDER=uetds needs UETDS_USERNAME and UETDS_PASSWORD',
      })
    }
    if (
      env.INVOICE_PROVIDER === 'parasut' &&
      (!env.PARASUT_CLIENT_ID ||
        !env.PARASUT_CLIENT_SECRET ||
        !env.PARASUT_USERNAME ||
        !env.PARASUT_PASSWORD ||
        !env.PARASUT_COMPANY_ID)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PARASUT_CLIENT_ID'],
        message:
          'INVOICE_PROVIDER=parasut needs PARASUT_CLIENT_ID, PARASUT_CLIENT_SECRET, PARASUT_USERNAME, PARASUT_PASSWORD and PARASUT_COMPANY_ID',
      })
    }
    if (env.FLIGHT_STATUS_PROVIDER === 'aeroapi' && !env.AEROAPI_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['AEROAPI_KEY'],
        message: 'FLIGHT_STATUS_PROVIDER=aeroapi needs AEROAPI_KEY',
      })
    }
    // zod runs this check even when a field failed: a secret refused for its
    // length is still the unsplit string here, and its own issue says why.
    if (
      env.NODE_ENV === 'production' &&
      Array.isArray(env.SESSION_SECRET) &&
      env.SESSION_SECRET.some((secret) => PUBLIC_SECRETS.includes(secret))
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'set SESSION_SECRET to a long random value in production (npm run setup writes one to .env)',
      })
    }
    if (env.SHUTDOWN_DELAY_SECONDS >= env.SHUTDOWN_GRACE_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHUTDOWN_DELAY_SECONDS'],
        message: 'SHUTDOWN_DELAY_SECONDS must be shorter than SHUTDOWN_GRACE_SECONDS',
      })
    }
  })
  .transform((env) => ({
    ...env,
    // Without a trailing slash, once: every absolute link appends a path to it.
    PUBLIC_BASE_URL: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    OPERATIONS_EMAIL: env.OPERATIONS_EMAIL ?? env.CONTACT_EMAIL,
  }))

export type Env = z.infer<typeof envSchema>

/** Settings that cannot be used, each issue as `NAME: what is wrong` (never the value). */
export class InvalidSettingsError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  ${issue}`).join('\n')}`)
    this.name = 'InvalidSettingsError'
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    throw new InvalidSettingsError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    )
  }
  return result.data
}

let cached: Env | undefined

/** The validated settings of this process (parsed on first use). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}
