import { isDraining } from '~/server/lifecycle.server'
import { databaseAnswersInTime } from '~/server/readiness.server'

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
