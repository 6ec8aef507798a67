import type { DatabaseHandle } from '~/db/connect.server'
import { istanbulDate } from '~/domain/booking-window'
import { exportTravellerData } from './your-data.server'

/**
 * "Download my data" as a file: the export (your-data.server.ts) as JSON,
 * named by the Istanbul day it was made, never kept by a cache (it is one
 * person's data). The caller has checked who is signed in; an account gone
 * meanwhile answers 404.
 */
export async function yourDataDownloadResponse(
  handle: DatabaseHandle,
  accountId: number,
  now: Date,
): Promise<Response> {
  const exported = await exportTravellerData(handle, accountId, now)
  if (!exported) {
    return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  }
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${yourDataFileName(now)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

export function yourDataFileName(now: Date): string {
  return `marmara-chauffeur-data-${istanbulDate(now)}.json`
}
