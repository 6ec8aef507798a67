import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/config/env.server'
import { siteSettingsFrom } from '~/config/site.server'
import { fillPlaceholders } from '~/config/site'
import en from '~/locales/en.json'
import tr from '~/locales/tr.json'

/**
 * Without a flight-status provider (the default) nothing follows a flight, so
 * no text may say so: every content file, filled as its loader fills it, is
 * read in full, and the interface strings that say it are only the ones the
 * pages choose when flights are followed. With a provider the same texts do
 * promise it (so the test would see a promise if one were there).
 */

const promise =
  /\b(follow|track)\w*\s+(your\s+|the\s+|a\s+)?(flights?|arrival|real\s+landing)\b|\b(flights?|arrival)\s+(is|are|will\s+be)\s+(tracked|followed)|flight[- ]tracking|(uçuş|iniş|varış)\w*\s+(anlık olarak\s+)?takip|takipli|gerçek iniş saatinize göre/i

function contentTexts(folder = 'content'): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return contentTexts(path)
    return name.endsWith('.json') ? [readFileSync(path, 'utf8')] : []
  })
}

/** Every string of a locale file with its key. */
function strings(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]]
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    strings(value, prefix ? `${prefix}.${key}` : key),
  )
}

/** The strings a page shows only when a provider follows flights. */
const followedOnly = new Set([
  'home.hero.tracking',
  'booking.passenger.arrivalFollowed',
  'mail.nextFlight',
  'traveller.meet.waiting',
  // Sent only about a flight a provider follows (app/flights/flight-notices.server.ts).
  'notices.traveller.flightDelayedText',
])

describe('promises about following flights', () => {
  const plain = siteSettingsFrom(parseEnv({}))
  const followed = siteSettingsFrom(
    parseEnv({ FLIGHT_STATUS_PROVIDER: 'aeroapi', AEROAPI_KEY: 'key' }),
  )

  it('are made by no content text without a provider', () => {
    expect(plain.followsFlights).toBe(false)
    const said = contentTexts()
      .map((text) => fillPlaceholders(text, plain))
      .flatMap((text) => text.split(/(?<=[.!?"])\s+/))
      .filter((sentence) => promise.test(sentence))
    expect(said).toEqual([])
  })

  it('are made by the same texts with a provider', () => {
    expect(followed.followsFlights).toBe(true)
    const said = contentTexts()
      .map((text) => fillPlaceholders(text, followed))
      .filter((text) => promise.test(text))
    expect(said.length).toBeGreaterThan(5)
  })

  it.each([
    ['en', en],
    ['tr', tr],
  ])('are made only by the interface strings chosen with a provider (%s)', (_, locale) => {
    const promising = strings(locale)
      .filter(([, text]) => promise.test(text))
      .map(([key]) => key)
    expect(promising.filter((key) => !followedOnly.has(key))).toEqual([])
    expect(promising.length).toBeGreaterThan(0)
  })
})
