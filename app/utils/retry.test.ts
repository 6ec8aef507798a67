import { describe, expect, it } from 'vitest'
import { retryDelayMs, withRetries } from './retry'

describe('withRetries', () => {
  it('waits attempt × 2^attempt ms between tries', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2, 8, 24])
  })

  it('retries up to three times, then gives up with the last error', async () => {
    const waits: number[] = []
    let calls = 0
    const failing = withRetries(
      async () => {
        calls++
        throw new Error(`failure ${calls}`)
      },
      3,
      async (ms) => void waits.push(ms),
    )
    await expect(failing).rejects.toThrow('failure 4')
    expect(calls).toBe(4)
    expect(waits).toEqual([2, 8, 24])
  })

  it('returns as soon as a try succeeds', async () => {
    let calls = 0
    const result = await withRetries(
      async () => {
        calls++
        if (calls < 2) throw new Error('flaky')
        return 'loaded'
      },
      3,
      async () => undefined,
    )
    expect(result).toBe('loaded')
    expect(calls).toBe(2)
  })
})
