import type { RouterContextProvider } from 'react-router'
import { bookingPageData } from './ops-pages.server'
import { assignmentSummary } from './assignment-pages.server'
import { refundSectionData } from './cancel-pages.server'
import { tipsSectionData } from '~/tips/staff-tips.server'

/**
 * The booking's staff page, /ops/bookings/:reference, as its loader returns
 * it: the booking's details with its driver-and-vehicle section, its
 * refunds and its tips, each from the module that owns that part, read side by side.
 */
export async function opsBookingPageData(
  context: Readonly<RouterContextProvider>,
  request: Request,
  reference: string,
) {
  const [page, dispatch, refunds, tips] = await Promise.all([
    bookingPageData(context, request, reference),
    assignmentSummary(context, request, reference),
    refundSectionData(context, request, reference),
    tipsSectionData(context, request, reference),
  ])
  return { ...page, dispatch, refunds, tips }
}
