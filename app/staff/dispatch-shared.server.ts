import { data, type RouterContextProvider } from 'react-router'
import { getDatabase } from '~/db/db.server'
import { rolesThatMay } from '~/domain/staff/roles'
import { listVehicleClasses } from '~/content/fleet.server'
import { pageContext } from '~/utils/page-context.server'
import { placeWithArea } from '~/domain/places/place-label'
import { rideLine, type Translate } from '~/booking/ride-label'
import type { BookingView } from '~/booking/booking-view.server'
import { staffActionsOnSubject } from '~/dispatch/record-history.server'
import { instantFormatter } from './ops-pages.server'
import { requireStaff, staffPageHeaders } from './guard.server'

/**
 * What the dispatch pages under /ops share (drivers, vehicles, a booking's
 * driver and vehicle, a driver's own jobs): each page's logic lives in its own
 * module beside this one, so their route modules hold only loader, action,
 * component and meta. Every answer is private (the layout's no-store); every
 * POST is checked to come from this site; a refused form is answered with its
 * values and a message beside each wrong field.
 */

export type Context = Readonly<RouterContextProvider>

export const notFound = () => data('Not found', { status: 404, headers: staffPageHeaders })

export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw notFound()
  return Number(value)
}

export const requireDispatcher = (request: Request) =>
  requireStaff(request, rolesThatMay('dispatch.manage'))

export function classTitles(context: Context, request: Request) {
  const { language, site } = pageContext(context, request)
  const titles = new Map(listVehicleClasses(language, site).map((item) => [item.code, item.title]))
  return (code: string) => titles.get(code as never) ?? code
}

/** A driver's or vehicle's own audit entries, dated in Istanbul time in the page's language. */
export async function recordHistory(context: Context, request: Request, subject: string) {
  const { language, t } = pageContext(context, request)
  const at = instantFormatter(language)
  const shown = (value: string | number | boolean | null | undefined) =>
    value === null || value === undefined
      ? null
      : typeof value === 'boolean'
        ? t(value ? 'ops.dispatch.yes' : 'ops.dispatch.no')
        : String(value)
  const entries = await staffActionsOnSubject((await getDatabase()).db, subject)
  return entries.map((entry) => ({
    id: entry.id,
    at: at(entry.at),
    staffName: entry.staffName,
    action: entry.action,
    changes: [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].map(
      (field) => ({ field, before: shown(entry.before[field]), after: shown(entry.after[field]) }),
    ),
  }))
}

/**
 * A trip's ends as staff read them (the place chosen with the district it is
 * priced as, 'Taksim (Beyoğlu)') and its route in one line: the assign page's
 * summary and the driver's job card show the same words.
 */
export function staffTripEnds(t: Translate, trip: BookingView['trip']) {
  const from = placeWithArea(trip.pickup)
  const to = placeWithArea(trip.destination)
  return { from, to, route: rideLine(t, { from, to, hire: trip.hire }) }
}
