import { describe, expect, it } from 'vitest'
import { InvalidSettingsError, parseEnv } from './env.server'

const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-long-random-production-secret' }

/** The issues parseEnv reports for `source`, or [] when it accepts it. */
function issuesOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source)
    return []
  } catch (error) {
    if (error instanceof InvalidSettingsError) return error.issues
    throw error
  }
}

describe('parseEnv', () => {
  it('sends operations e-mails to the contact address unless OPERATIONS_EMAIL is set', () => {
    expect(parseEnv({ CONTACT_EMAIL: 'desk@example.com' }).OPERATIONS_EMAIL).toBe(
      'desk@example.com',
    )
    expect(parseEnv({ OPERATIONS_EMAIL: '' }).OPERATIONS_EMAIL).toBe(
      'reservations@marmarachauffeur.com',
    )
    expect(parseEnv({ OPERATIONS_EMAIL: 'ops@example.com' }).OPERATIONS_EMAIL).toBe(
      'ops@example.com',
    )
    expect(issuesOf({ OPERATIONS_EMAIL: 'not-an-address' })).toEqual([
      expect.stringMatching(/^OPERATIONS_EMAIL: /),
    ])
  })

  it('runs a fresh checkout on its defaults', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_BASE_URL: 'http://localhost:3000',
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      DATABASE_URL: 'data/marmara.sqlite',
      SHUTDOWN_DELAY_SECONDS: 3,
      SHUTDOWN_GRACE_SECONDS: 8,
    })
  })

  it('derives the public address from PORT unless it is set', () => {
    expect(parseEnv({ PORT: '3210' }).PUBLIC_BASE_URL).toBe('http://localhost:3210')
    expect(parseEnv({ PORT: '3210', PUBLIC_BASE_URL: '' }).PUBLIC_BASE_URL).toBe(
      'http://localhost:3210',
    )
    expect(
      parseEnv({ PORT: '3210', PUBLIC_BASE_URL: 'https://www.marmara.example' }).PUBLIC_BASE_URL,
    ).toBe('https://www.marmara.example')
    expect(issuesOf({ PUBLIC_BASE_URL: 'ftp://files.example' })).toEqual([
      'PUBLIC_BASE_URL: PUBLIC_BASE_URL must be an http:// or https:// URL',
    ])
  })

  it('keeps the public address without a trailing slash, so links append paths to it', () => {
    expect(parseEnv({ PUBLIC_BASE_URL: 'https://www.marmara.example/' }).PUBLIC_BASE_URL).toBe(
      'https://www.marmara.example',
    )
    expect(parseEnv({ PUBLIC_BASE_URL: 'https://www.marmara.example/tr//' }).PUBLIC_BASE_URL).toBe(
      'https://www.marmara.example/tr',
    )
  })

  it('refuses the public secrets in production, also among rotated ones', () => {
    for (const secret of [
      'replace-with-a-long-random-secret',
      'dev-only-secret-change-me',
      'a-long-random-production-secret,replace-with-a-long-random-secret',
    ]) {
      expect(issuesOf({ ...production, SESSION_SECRET: secret })).toEqual([
        expect.stringMatching(/^SESSION_SECRET: set SESSION_SECRET to a long random value/),
      ])
    }
    expect(issuesOf({ NODE_ENV: 'production' })).toHaveLength(1)
    expect(parseEnv(production).SESSION_SECRET).toEqual(['a-long-random-production-secret'])
    // Development may keep the placeholder.
    expect(issuesOf({ SESSION_SECRET: 'replace-with-a-long-random-secret' })).toEqual([])
  })

  it('takes a ring of 32-byte keys for identity numbers, none by default', () => {
    const key = Buffer.alloc(32, 7).toString('base64url')
    expect(parseEnv({}).PERSONAL_DATA_KEYS).toEqual([])
    expect(parseEnv({ PERSONAL_DATA_KEYS: ` ${key}, ${key}` }).PERSONAL_DATA_KEYS).toEqual([
      key,
      key,
    ])
    const short = Buffer.alloc(16, 7).toString('base64url')
    expect(issuesOf({ PERSONAL_DATA_KEYS: `${key},${short}` })).toEqual([
      expect.stringMatching(/^PERSONAL_DATA_KEYS\.1: PERSONAL_DATA_KEYS: each key is 32 bytes/),
    ])
  })

  it('says a short secret is too short, also in production', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(issuesOf({ NODE_ENV, SESSION_SECRET: 'short' })).toEqual([
        expect.stringMatching(/SESSION_SECRET.*at least 16 characters/),
      ])
    }
  })

  it('never quotes a refused value in its issues', () => {
    const error = (() => {
      try {
        parseEnv({ ...production, SESSION_SECRET: 'short', PORT: 'secret-port-value' })
      } catch (caught) {
        return caught as Error
      }
    })()
    expect(error).toBeInstanceOf(InvalidSettingsError)
    expect(error?.message).toMatch(/SESSION_SECRET/)
    expect(error?.message).toMatch(/PORT/)
    expect(error?.message).not.toContain('short')
    expect(error?.message).not.toContain('secret-port-value')
  })

  it.each([
    ['data/marmara.sqlite', 'data/marmara.sqlite'],
    ['/var/lib/marmara/site.sqlite', '/var/lib/marmara/site.sqlite'],
    ['sqlite:data/site.sqlite', 'data/site.sqlite'],
    ['sqlite:///var/lib/site.sqlite', '/var/lib/site.sqlite'],
    ['file:data/site.sqlite', 'data/site.sqlite'],
    ['file:///var/lib/site.sqlite', '/var/lib/site.sqlite'],
    ['postgres://app@db:5432/marmara', 'postgres://app@db:5432/marmara'],
    ['postgresql://app@db/marmara?sslmode=require', 'postgresql://app@db/marmara?sslmode=require'],
  ])('reads DATABASE_URL %s as %s', (value, expected) => {
    expect(parseEnv({ DATABASE_URL: value }).DATABASE_URL).toBe(expected)
  })

  it.each(['mysql://root@db:3306/marmara', 'mongodb://db/marmara', 'sqlite:', 'redis://cache'])(
    'refuses DATABASE_URL %s',
    (value) => {
      expect(issuesOf({ DATABASE_URL: value })).toEqual([expect.stringMatching(/^DATABASE_URL: /)])
    },
  )

  it('reads TRUST_PROXY as one boolean everywhere', () => {
    for (const on of ['true', '1', 'yes', 'on'])
      expect(parseEnv({ TRUST_PROXY: on }).TRUST_PROXY).toBe(true)
    for (const off of ['false', '0', 'no', 'off', ''])
      expect(parseEnv({ TRUST_PROXY: off }).TRUST_PROXY).toBe(false)
    expect(issuesOf({ TRUST_PROXY: 'sometimes' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: /),
    ])
  })

  it('leaves /metrics off unless METRICS_TOKEN is set, and takes only a token a header can carry', () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined()
    expect(parseEnv({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined()
    const token = 'k7Q-2vX_9p.LmN4+sR/8tY='
    expect(parseEnv({ ...production, METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token)
    for (const refused of [
      'too-short-token',
      'a token with spaces in it',
      'ğüşiöç-not-ascii-value',
    ]) {
      const issues = issuesOf({ METRICS_TOKEN: refused })
      expect(issues).toEqual([expect.stringMatching(/^METRICS_TOKEN: /)])
      expect(issues.join()).not.toContain(refused)
    }
  })

  it('plans airport pickups 30 min after landing, 60 min free waiting, delays told from 30 min', () => {
    expect(parseEnv({})).toMatchObject({
      ARRIVAL_PICKUP_MINUTES: 30,
      FREE_WAITING_MINUTES: 60,
      FLIGHT_DELAY_NOTICE_MINUTES: 30,
    })
    expect(
      parseEnv({
        ARRIVAL_PICKUP_MINUTES: '45',
        FREE_WAITING_MINUTES: '90',
        FLIGHT_DELAY_NOTICE_MINUTES: '20',
      }),
    ).toMatchObject({
      ARRIVAL_PICKUP_MINUTES: 45,
      FREE_WAITING_MINUTES: 90,
      FLIGHT_DELAY_NOTICE_MINUTES: 20,
    })
    expect(issuesOf({ ARRIVAL_PICKUP_MINUTES: '-5' })).toEqual([
      expect.stringMatching(/^ARRIVAL_PICKUP_MINUTES: /),
    ])
    expect(issuesOf({ FREE_WAITING_MINUTES: 'an hour' })).toEqual([
      expect.stringMatching(/^FREE_WAITING_MINUTES: /),
    ])
    expect(issuesOf({ FLIGHT_DELAY_NOTICE_MINUTES: '0' })).toEqual([
      expect.stringMatching(/^FLIGHT_DELAY_NOTICE_MINUTES: /),
    ])
  })

  it('follows no flight unless AeroAPI is chosen, and refuses AeroAPI without its key', () => {
    expect(parseEnv({})).toMatchObject({
      FLIGHT_STATUS_PROVIDER: 'none',
      AEROAPI_KEY: '',
      AEROAPI_BASE_URL: 'https://aeroapi.flightaware.com/aeroapi',
    })
    for (const AEROAPI_KEY of [undefined, '', '   ']) {
      expect(
        issuesOf({
          FLIGHT_STATUS_PROVIDER: 'aeroapi',
          ...(AEROAPI_KEY === undefined ? {} : { AEROAPI_KEY }),
        }),
      ).toEqual(['AEROAPI_KEY: FLIGHT_STATUS_PROVIDER=aeroapi needs AEROAPI_KEY'])
    }
    expect(
      parseEnv({
        FLIGHT_STATUS_PROVIDER: 'aeroapi',
        AEROAPI_KEY: 'a-key',
        AEROAPI_BASE_URL: 'http://127.0.0.1:4010/aeroapi',
      }),
    ).toMatchObject({
      FLIGHT_STATUS_PROVIDER: 'aeroapi',
      AEROAPI_KEY: 'a-key',
      AEROAPI_BASE_URL: 'http://127.0.0.1:4010/aeroapi',
    })
    expect(issuesOf({ FLIGHT_STATUS_PROVIDER: 'flightradar' })).toEqual([
      expect.stringMatching(/^FLIGHT_STATUS_PROVIDER: /),
    ])
    expect(issuesOf({ AEROAPI_BASE_URL: 'not a url' })).toEqual([
      expect.stringMatching(/^AEROAPI_BASE_URL: /),
    ])
    // A key without the provider is kept for later and asks nothing.
    expect(parseEnv({ AEROAPI_KEY: 'a-key' }).FLIGHT_STATUS_PROVIDER).toBe('none')
  })

  it('checks the port, the host and the shutdown timings', () => {
    expect(issuesOf({ PORT: 'eighty' })).toEqual([expect.stringMatching(/^PORT: /)])
    expect(issuesOf({ PORT: '70000' })).toEqual([expect.stringMatching(/^PORT: /)])
    expect(issuesOf({ HOST: '  ' })).toEqual([expect.stringMatching(/^HOST: /)])
    expect(issuesOf({ LOG_LEVEL: 'verbose' })).toEqual([expect.stringMatching(/^LOG_LEVEL: /)])
    expect(issuesOf({ SHUTDOWN_DELAY_SECONDS: '10', SHUTDOWN_GRACE_SECONDS: '5' })).toEqual([
      expect.stringMatching(/^SHUTDOWN_DELAY_SECONDS: .*shorter than SHUTDOWN_GRACE_SECONDS/),
    ])
    expect(parseEnv({ SHUTDOWN_DELAY_SECONDS: '0', SHUTDOWN_GRACE_SECONDS: '30' })).toMatchObject({
      SHUTDOWN_DELAY_SECONDS: 0,
      SHUTDOWN_GRACE_SECONDS: 30,
    })
  })
})
