import { redirect } from 'react-router'
import type { Route } from './+types/tip-refund'
import { bookingPath } from '~/staff/cancel-pages.server'
import { staffPageHeaders } from '~/staff/guard.server'
import { refundTipAction } from '~/tips/staff-tips.server'

/** Refunding a card tip: a POST from the booking's page, which it returns to. */
export async function action({ context, request, params }: Route.ActionArgs) {
  return refundTipAction(context, request, params.reference)
}

/** Nothing to show here: a GET goes to the booking's page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(bookingPath(params.reference), { headers: staffPageHeaders })
}
