import { describe, expect, it } from 'vitest'
import type { OpenPin } from '~/domain/money/rate-pins'
import { createPinCache } from './pin-cache'

const pin = (rate: string): OpenPin => ({
  id: 1,
  currency: 'TRY',
  rate,
  createdAt: '2026-11-27T08:00:00.000Z',
  expiresAt: '2026-11-28T08:00:00.000Z',
})

/** A database stand-in: what it holds, how often it was read, and a read that can be held. */
function source() {
  const state = {
    pins: [] as OpenPin[],
    reads: 0,
    fail: false,
    gate: undefined as Promise<void> | undefined,
  }
  const load = async () => {
    state.reads++
    const answer = state.pins
    if (state.gate) await state.gate
    if (state.fail) throw new Error('database away')
    return answer
  }
  return { state, load }
}

describe('the pins kept in memory', () => {
  it('are read once for many quotes, and again when older than a minute', async () => {
    let clock = 0
    const { state, load } = source()
    const cache = createPinCache({ load, now: () => clock })
    state.pins = [pin('50')]
    const together = await Promise.all([cache.pins(), cache.pins(), cache.pins()])
    expect(together.every((pins) => pins[0]?.rate === '50')).toBe(true)
    expect(state.reads).toBe(1)

    state.pins = [pin('52')]
    clock = 59_999
    expect((await cache.pins())[0]?.rate).toBe('50')
    expect(state.reads).toBe(1)
    clock = 60_000
    expect((await cache.pins())[0]?.rate).toBe('52')
    expect(state.reads).toBe(2)
  })

  it('are read again at once after forget, even when a read was under way', async () => {
    const { state, load } = source()
    const cache = createPinCache({ load, now: () => 0 })
    let open = () => {}
    state.gate = new Promise((resolve) => (open = resolve))
    const before = cache.pins()
    // The pin is committed while the read that began before it is still out.
    state.pins = [pin('55')]
    cache.forget()
    state.gate = undefined
    open()
    expect(await before).toEqual([])
    expect((await cache.pins())[0]?.rate).toBe('55')
    expect(state.reads).toBe(2)
  })

  it('keep the last pins known when a read fails, and try again on the next quote', async () => {
    let clock = 0
    const errors: unknown[] = []
    const { state, load } = source()
    const cache = createPinCache({ load, now: () => clock, onError: (error) => errors.push(error) })
    state.pins = [pin('50')]
    await cache.pins()
    clock = 61_000
    state.fail = true
    expect((await cache.pins())[0]?.rate).toBe('50')
    expect(errors).toHaveLength(1)
    state.fail = false
    state.pins = []
    expect(await cache.pins()).toEqual([])
    expect(state.reads).toBe(3)
  })
})
