import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { logger } from '~/utils/logger.server'
import { runMaintenance } from './maintenance.server'
import { MAINTENANCE_MINUTES, startMaintenanceSchedule } from './schedule.server'

vi.mock('./maintenance.server', () => ({ runMaintenance: vi.fn() }))

const handle = {} as DatabaseHandle
const provider = { name: 'simulator' } as PaymentProvider
const run = vi.mocked(runMaintenance)

describe('the maintenance schedule', () => {
  let stop: (() => void) | undefined

  beforeEach(() => {
    vi.useFakeTimers()
    run.mockReset()
    run.mockResolvedValue({ ran: true } as Awaited<ReturnType<typeof runMaintenance>>)
  })
  afterEach(() => {
    stop?.()
    stop = undefined
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('runs the job at once, then every five minutes, with the provider of the moment', async () => {
    stop = startMaintenanceSchedule(handle, () => provider)
    expect(MAINTENANCE_MINUTES).toBe(5)
    expect(run).toHaveBeenCalledTimes(1)
    expect(run).toHaveBeenLastCalledWith(handle, provider, expect.any(Date))
    await vi.advanceTimersByTimeAsync(MAINTENANCE_MINUTES * 60_000 - 1)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(MAINTENANCE_MINUTES * 60_000)
    expect(run).toHaveBeenCalledTimes(3)
  })

  it('logs a failed run and keeps the schedule going', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    run.mockRejectedValueOnce(new Error('database gone'))
    stop = startMaintenanceSchedule(handle, () => provider)
    await vi.advanceTimersByTimeAsync(0)
    expect(error).toHaveBeenCalledWith('maintenance.failed', { error: 'Error: database gone' })
    await vi.advanceTimersByTimeAsync(MAINTENANCE_MINUTES * 60_000)
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('stops when asked, and its timer never keeps the process alive', async () => {
    const scheduled = vi.spyOn(globalThis, 'setInterval')
    stop = startMaintenanceSchedule(handle, () => provider)
    const timer = scheduled.mock.results[0]?.value as NodeJS.Timeout
    expect(timer.hasRef()).toBe(false)
    stop()
    await vi.advanceTimersByTimeAsync(3 * MAINTENANCE_MINUTES * 60_000)
    expect(run).toHaveBeenCalledTimes(1)
  })
})
