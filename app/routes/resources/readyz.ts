/**
 * Readiness: the process can serve pages. It has no database yet; when the
 * booking storage lands this also checks that the database answers.
 */
export function loader() {
  return Response.json({ status: 'ready' }, { headers: { 'Cache-Control': 'no-store' } })
}
