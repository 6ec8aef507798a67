import { data, redirect } from 'react-router'
import { getDatabase } from '~/db/db.server'
import { places } from '~/domain/places/gazetteer'
import { resolvePlace } from '~/domain/places/resolve'
import { readCoordinates, type Coordinates } from '~/domain/dispatch/car-position'
import { rolesThatMay } from '~/domain/staff/roles'
import { recordPosition } from '~/dispatch/positions.server'
import type { RidePositionsTable } from '~/db/schema'
import { markFormRefused } from '~/utils/page-context.server'
import { forbidden, refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'
import type { Context } from './dispatch-shared.server'

/**
 * A driver sharing where their car is, for the ride under way (docs/dispatch.md,
 * "The car on a map"). Two ways in, one rule: the jobs page's form (the phone's
 * position filled in by its script, or without a script a place the driver
 * types), and the small resource the page's script posts to every
 * SHARE_POSITION_SECONDS once the driver has agreed.
 */

type Report =
  | {
      ok: true
      position: Coordinates & { accuracyMetres: number | null }
      source: RidePositionsTable['source']
    }
  | { ok: false; error: 'placeRequired' | 'placeUnknown' }

/** The phone's coordinates when the form carries them, else the place typed, from the gazetteer. */
function readReport(form: FormData): Report {
  const position = readCoordinates(form.get('lat'), form.get('lng'), form.get('accuracy'))
  if (position) return { ok: true, position, source: 'device' }
  const typed = String(form.get('place') ?? '')
    .trim()
    .slice(0, 120)
  if (!typed) return { ok: false, error: 'placeRequired' }
  const found = resolvePlace(typed, places)
  if (found.status !== 'found') return { ok: false, error: 'placeUnknown' }
  return {
    ok: true,
    position: { lat: found.place.lat, lng: found.place.lng, accuracyMetres: null },
    source: 'place',
  }
}

/** The jobs page's "Share my position": back to the job's card, or the refusal beside the field. */
export async function sharePositionAction(context: Context, accountId: number, form: FormData) {
  const reference = String(form.get('reference') ?? '').slice(0, 32)
  const typed = String(form.get('place') ?? '').slice(0, 120)
  const report = readReport(form)
  if (!report.ok) {
    markFormRefused(context)
    return data(
      { positionRefused: { reference, error: `ops.position.errors.${report.error}`, typed } },
      { status: 422, headers: staffPageHeaders },
    )
  }
  const outcome = await recordPosition(
    await getDatabase(),
    { accountId, reference, position: report.position, source: report.source },
    new Date(),
  )
  if (outcome.kind === 'notYours') throw forbidden()
  if (outcome.kind === 'notSharing') {
    markFormRefused(context)
    return data(
      { positionRefused: { reference, error: 'ops.position.errors.notSharing', typed } },
      { status: 409, headers: staffPageHeaders },
    )
  }
  return redirect(`/ops/jobs?position=shared#job-${reference}`, {
    status: 303,
    headers: staffPageHeaders,
  })
}

/**
 * POST /ops/jobs/position, from the jobs page's script: the phone's
 * coordinates only (a place is the form's way), answered in JSON, with the
 * same checks as the form: the driver signed in, the ride theirs and under way.
 */
export async function positionResourceAction(request: Request) {
  const staff = await requireStaff(request, rolesThatMay('jobs.own'))
  refuseCrossOrigin(request)
  if (request.method !== 'POST') {
    throw data(
      { error: 'method' },
      { status: 405, headers: { ...staffPageHeaders, Allow: 'POST' } },
    )
  }
  const form = await request.formData()
  const position = readCoordinates(form.get('lat'), form.get('lng'), form.get('accuracy'))
  if (!position) return data({ error: 'position' }, { status: 400, headers: staffPageHeaders })
  const reference = String(form.get('reference') ?? '').slice(0, 32)
  const now = new Date()
  const outcome = await recordPosition(
    await getDatabase(),
    { accountId: staff.account.id, reference, position, source: 'device' },
    now,
  )
  if (outcome.kind === 'notYours') {
    return data({ error: 'forbidden' }, { status: 403, headers: staffPageHeaders })
  }
  // The ride has moved on (on board, ended): the script stops sharing.
  if (outcome.kind === 'notSharing') {
    return data({ error: 'notSharing' }, { status: 409, headers: staffPageHeaders })
  }
  return data({ recordedAt: now.toISOString() }, { headers: staffPageHeaders })
}
