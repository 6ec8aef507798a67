import { createInstance, type TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { memoizedTranslator, sharedTranslator } from './memoized-translator'
import { resources } from './resources'

async function instanceIn(language: 'en' | 'tr') {
  const instance = createInstance()
  await instance.init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  })
  return instance
}

/** The instance's translator, counting the calls that reach i18next. */
function counted(t: TFunction) {
  const calls = { count: 0 }
  const counting = ((...args: Parameters<TFunction>) => {
    calls.count++
    return t(...args)
  }) as TFunction
  return { t: counting, calls }
}

describe('memoizedTranslator', () => {
  it('answers as i18next does: plain keys, plurals, interpolation, both languages', async () => {
    for (const language of ['en', 'tr'] as const) {
      const plain = (await instanceIn(language)).getFixedT(language)
      const remembering = memoizedTranslator(plain)
      const calls: [string, Record<string, unknown>?][] = [
        ['search.pickup'],
        ['meta.defaultTitle', { brand: 'Example' }],
        ['meta.defaultTitle', { brand: 'Other' }],
        ['search.errors.fillAllHourly'],
        ['no.such.key'],
      ]
      for (const args of [...calls, ...calls]) {
        expect(remembering(...(args as [string]))).toBe(plain(...(args as [string])))
      }
      expect(remembering('meta.defaultTitle', { brand: 'Other' })).toContain('Other')
    }
  })

  it('asks i18next once per key and option values, every time for anything else', async () => {
    const { t, calls } = counted((await instanceIn('en')).getFixedT('en'))
    const remembering = memoizedTranslator(t)
    remembering('search.pickup')
    remembering('search.pickup')
    expect(calls.count).toBe(1)
    remembering('meta.defaultTitle', { brand: 'A' })
    remembering('meta.defaultTitle', { brand: 'A' })
    remembering('meta.defaultTitle', { brand: 'B' })
    expect(calls.count).toBe(3)
    // Objects in the options, several keys, a default value: never remembered.
    remembering('meta.defaultTitle', { brand: { name: 'A' } })
    remembering('meta.defaultTitle', { brand: { name: 'A' } })
    remembering(['search.pickup', 'search.hours'])
    remembering(['search.pickup', 'search.hours'])
    expect(calls.count).toBe(7)
  })

  it('keeps no object answer', async () => {
    const { t, calls } = counted((await instanceIn('en')).getFixedT('en'))
    const remembering = memoizedTranslator(t)
    const first = remembering('search', { returnObjects: true })
    const second = remembering('search', { returnObjects: true })
    expect(typeof first).toBe('object')
    expect(second).not.toBe(first)
    expect(calls.count).toBe(2)
  })
})

describe('sharedTranslator', () => {
  it('is made once per instance and language', async () => {
    const instance = await instanceIn('tr')
    expect(sharedTranslator(instance)).toBe(sharedTranslator(instance))
    expect(sharedTranslator(instance, 'tr')).toBe(sharedTranslator(instance, 'tr'))
    expect(sharedTranslator(instance, 'tr')('search.pickup')).toBe(
      instance.getFixedT('tr')('search.pickup'),
    )
  })
})
