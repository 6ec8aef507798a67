import { databaseAnswers } from '~/db/db.server'
import { logger } from '~/utils/logger.server'

/**
 * A probe must answer within the load balancer's timeout even when the database
 * hangs (a frozen connection neither answers nor fails): past this the database
 * counts as unavailable. The query may still be running; its answer is ignored.
 */
const databaseCheckMs = 2_000

export function databaseAnswersInTime(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      logger.error('database.unreachable', { error: `no answer within ${databaseCheckMs} ms` })
      resolve(false)
    }, databaseCheckMs)
  })
  return Promise.race([databaseAnswers(), late]).finally(() => clearTimeout(timer))
}
