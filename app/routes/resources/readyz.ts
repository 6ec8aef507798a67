import { databaseAnswers } from '~/db/db.server'
import { isDraining } from '~/server/lifecycle.server'
import { logger } from '~/utils/logger.server'

/**
 * A probe must answer within the load balancer's timeout even when the database
 * hangs (a frozen connection neither answers nor fails): past this the database
 * counts as unavailable. The query may still be running; its answer is ignored.
 */
const databaseCheckMs = 2_000

function databaseAnswersInTime(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      logger.error('database.unreachable', { error: `no answer within ${databaseCheckMs} ms` })
      resolve(false)
    }, databaseCheckMs)
  })
  return Promise.race([databaseAnswers(), late]).finally(() => clearTimeout(timer))
}

function answer(status: number, text: string) {
  return Response.json({ status: text }, { status, headers: { 'Cache-Control': 'no-store' } })
}

/**
 * Readiness: the process takes requests and its database answers. From the stop
 * signal on it answers 503, so the load balancer stops sending before the
 * listener closes (app/server/lifecycle.server.ts).
 */
export async function loader() {
  if (isDraining()) return answer(503, 'shutting down')
  return (await databaseAnswersInTime())
    ? answer(200, 'ready')
    : answer(503, 'database unavailable')
}
