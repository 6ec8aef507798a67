import type { DatabaseHandle } from '~/db/connect.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { logger } from '~/utils/logger.server'
import { timeJob } from '~/utils/metrics.server'
import { runMaintenance } from './maintenance.server'

/**
 * How often every instance runs the maintenance job. Each instance schedules
 * it; the job's own database lock lets one of them run it at a time.
 */
export const MAINTENANCE_MINUTES = 5

/**
 * Schedules the maintenance job in this process: once now, without delaying
 * the start, and then every MAINTENANCE_MINUTES. A run that fails is logged
 * (`maintenance.failed`) and the next one comes anyway. The timer does not keep
 * the process alive, so it never holds up a shutdown. The provider is asked for
 * at each run, as the configured one is built on first use.
 *
 * Returns a function that stops the schedule.
 */
export function startMaintenanceSchedule(
  handle: DatabaseHandle,
  provider: () => PaymentProvider,
): () => void {
  const maintain = () =>
    timeJob(
      'maintenance',
      () => runMaintenance(handle, provider(), new Date()),
      (run) => (run.ran ? 'done' : 'skipped'),
    ).catch((error: unknown) => logger.error('maintenance.failed', { error: String(error) }))
  void maintain()
  const timer = setInterval(maintain, MAINTENANCE_MINUTES * 60_000)
  timer.unref()
  return () => clearInterval(timer)
}
