import { databaseAnswers } from '~/db/db.server'

/** Readiness: the process can serve, and its database answers. */
export async function loader() {
  const ok = await databaseAnswers()
  return Response.json(
    { status: ok ? 'ready' : 'database unavailable' },
    { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  )
}
