import type { RouterContextProvider } from 'react-router'
import { getDatabase } from '~/db/db.server'
import { addDays } from '~/domain/booking-window'
import { rolesThatMay } from '~/domain/staff/roles'
import { formatDate } from '~/utils/format'
import { pageContext } from '~/utils/page-context.server'
import { runSheetDetails } from './board.server'
import { requireStaff } from './guard.server'
import { boardRows, readBoardView, staffMeta } from './ops-pages.server'

/**
 * The run sheet: the jobs of a day (or a week) as the drivers' day is planned
 * from it, one block per job with everything the driver needs, made to be
 * printed. Cancelled bookings are not jobs and are left out.
 */
export async function runSheetPageData(context: Readonly<RouterContextProvider>, request: Request) {
  await requireStaff(request, rolesThatMay('bookings.view'))
  const { t, language } = pageContext(context, request)
  const view = readBoardView(request, new Date())
  const rows = (await boardRows(context, request, view)).filter((row) => row.status !== 'cancelled')
  const details = await runSheetDetails(
    await getDatabase(),
    rows.map((row) => row.reference),
  )
  const period = view.week
    ? t('ops.runSheet.week', {
        from: formatDate(view.day, language),
        to: formatDate(addDays(view.day, 6), language),
      })
    : formatDate(view.day, language)
  return {
    meta: staffMeta(context, request, t('ops.runSheet.title', { period })),
    heading: t('ops.runSheet.title', { period }),
    manyDays: view.week || Boolean(view.search),
    jobs: rows.map((row) => ({ ...row, ...details.get(row.reference)! })),
  }
}
