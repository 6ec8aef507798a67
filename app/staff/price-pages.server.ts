import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { getDatabase } from '~/db/db.server'
import { getEnv } from '~/config/env.server'
import { rolesThatMay } from '~/domain/staff/roles'
import { pickupInstant } from '~/domain/trip-search'
import { istanbulClock, istanbulDate } from '~/domain/booking-window'
import { placeById } from '~/domain/places/gazetteer'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import {
  findDraft,
  findPriceList,
  listPriceLists,
  PriceListConflict,
  discardDraft,
  publishDraft,
  saveDraft,
  startDraft,
  withdrawScheduled,
  type StoredPriceList,
} from '~/pricing/price-list-store.server'
import { compiled, pricesInForce } from '~/pricing/prices-in-force.server'
import { formValuesOf, listFromForm, priceListFormSchema } from '~/pricing/price-list-form'
import { previewRows } from '~/pricing/price-preview'
import { adjustAirportFares, adjustmentPercent } from '~/domain/pricing/adjust-fares'
import { instantFormatter, staffMeta } from './ops-pages.server'
import { requireStaff, refuseCrossOrigin, staffPageHeaders } from './guard.server'
import { classTitles, idParam, notFound, type Context } from './dispatch-shared.server'
import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'

/**
 * The price lists under /ops/prices: the versions and what is in force, one
 * version's figures, and the draft (admins edit it, preview it against sample
 * searches and publish it from a time). Dispatchers read everything; only
 * admins change anything, and each change is audited by the store.
 */

const requireReader = (request: Request) => requireStaff(request, rolesThatMay('prices.view'))
const requireEditor = (request: Request) => requireStaff(request, rolesThatMay('prices.manage'))

/** Each class's title as the fleet names it, for the tables' headers. */
function titlesOf(context: Context, request: Request) {
  const title = classTitles(context, request)
  return Object.fromEntries(vehicleClassCodes.map((code) => [code, title(code)])) as Record<
    VehicleClassCode,
    string
  >
}

/** The places the list prices from the airports, with their names in the page's language. */
function farePlaces(list: StoredPriceList['list'], language: 'en' | 'tr') {
  return Object.keys(list.airportFares)
    .sort((a, b) => Number(a) - Number(b))
    .map((placeId) => ({ placeId, name: placeById(Number(placeId))?.name[language] ?? placeId }))
}

export async function pricesPageData(context: Context, request: Request) {
  const staff = await requireReader(request)
  const { t, language } = pageContext(context, request)
  const at = instantFormatter(language)
  const now = new Date()
  const db = (await getDatabase()).db
  const versions = await listPriceLists(db)
  const inForce = await pricesInForce().inForce(now)
  const url = new URL(request.url)
  return {
    meta: staffMeta(context, request, t('ops.prices.title')),
    mayEdit: rolesThatMay('prices.manage').includes(staff.account.role),
    inForceId: inForce.id,
    draftId: versions.find((version) => version.status === 'draft')?.id ?? null,
    versions: versions.map((version) => ({
      id: version.id,
      status:
        version.status !== 'published'
          ? version.status
          : version.id === inForce.id
            ? ('inForce' as const)
            : version.applies_from! > now.toISOString()
              ? ('scheduled' as const)
              : ('superseded' as const),
      // Version 1 is the tariff the site was built with, in force from the start.
      first: version.id === 1 && version.published_by_name === null,
      appliesFrom: version.applies_from ? at(version.applies_from) : null,
      publishedBy: version.published_by_name,
      note: version.note,
    })),
    done: url.searchParams.get('done'),
  }
}

/** 'Start a draft' (from the version in force) and 'Withdraw' (a scheduled version). */
export async function pricesAction(context: Context, request: Request) {
  const staff = await requireEditor(request)
  refuseCrossOrigin(request)
  const form = await request.formData()
  const handle = await getDatabase()
  const now = new Date()
  try {
    if (form.get('intent') === 'withdraw') {
      await withdrawScheduled(handle, idParam(String(form.get('id') ?? '')), staff.account.id, now)
      pricesInForce().invalidate()
      return redirect('/ops/prices?done=withdrawn', { status: 303, headers: staffPageHeaders })
    }
    const inForce = await pricesInForce().inForce(now)
    await startDraft(handle, inForce.id, staff.account.id, now)
  } catch (error) {
    if (!(error instanceof PriceListConflict)) throw error
    markFormRefused(context)
    return data({ refusal: error.reason }, { status: 409, headers: staffPageHeaders })
  }
  return redirect('/ops/prices/draft', { status: 303, headers: staffPageHeaders })
}

export async function priceVersionPageData(
  context: Context,
  request: Request,
  id: string | undefined,
) {
  await requireReader(request)
  const { t, language } = pageContext(context, request)
  const version = await findPriceList((await getDatabase()).db, idParam(id))
  if (!version) throw notFound()
  return {
    meta: staffMeta(context, request, t('ops.prices.versionTitle', { id: version.id })),
    id: version.id,
    status: version.status,
    note: version.note,
    // Version 1, the tariff the site was built with, applies from the start.
    appliesFrom:
      version.appliesFrom && !(version.id === 1 && version.publishedBy === null)
        ? instantFormatter(language)(version.appliesFrom)
        : null,
    values: formValuesOf(version.list),
    places: farePlaces(version.list, language),
    classTitles: titlesOf(context, request),
  }
}

/** The draft's page: its figures (as saved, or as typed when refused), the preview, publishing. */
export async function draftPageData(context: Context, request: Request) {
  await requireEditor(request)
  const { t, language } = pageContext(context, request)
  const now = new Date()
  const draft = await findDraft((await getDatabase()).db)
  if (!draft) throw redirect('/ops/prices', { headers: staffPageHeaders })
  const inForce = await pricesInForce().inForce(now)
  const url = new URL(request.url)
  return {
    meta: staffMeta(context, request, t('ops.prices.draftTitle', { id: draft.id })),
    id: draft.id,
    basedOn: draft.basedOn,
    inForceId: inForce.id,
    note: draft.note,
    values: formValuesOf(draft.list),
    places: farePlaces(draft.list, language),
    classTitles: titlesOf(context, request),
    preview: previewRows(inForce, compiled(0, draft.list), getEnv().ROAD_FACTOR).map((row) => ({
      id: row.sample.id,
      current: row.current,
      draft: row.draft,
    })),
    publishDefaults: { date: istanbulDate(now), time: istanbulClock(now) },
    saved: url.searchParams.get('saved') === '1',
  }
}

function refused(context: Context, body: Record<string, unknown>, status = 400) {
  markFormRefused(context)
  return data(body, { status, headers: staffPageHeaders })
}

/** The draft's forms: save the figures, change every airport fare by a share, publish, discard. */
export async function draftAction(context: Context, request: Request) {
  const staff = await requireEditor(request)
  refuseCrossOrigin(request)
  const handle = await getDatabase()
  const now = new Date()
  const form = await request.formData()
  const intent = form.get('intent')
  const draft = await findDraft(handle.db)
  if (!draft) throw redirect('/ops/prices', { headers: staffPageHeaders })

  if (intent === 'discard') {
    await discardDraft(handle, staff.account.id, now)
    return redirect('/ops/prices?done=discarded', { status: 303, headers: staffPageHeaders })
  }

  if (intent === 'adjust') {
    const typed = String(form.get('adjustPercent') ?? '')
    const percent = adjustmentPercent(typed)
    if (percent === undefined) {
      return refused(context, { adjust: { error: 'ops.prices.errors.adjust', typed } })
    }
    await saveDraft(
      handle,
      { list: adjustAirportFares(draft.list, percent), note: draft.note },
      staff.account.id,
      now,
    )
    return redirect('/ops/prices/draft?saved=1', { status: 303, headers: staffPageHeaders })
  }

  if (intent === 'publish') {
    const date = String(form.get('date') ?? '')
    const time = String(form.get('time') ?? '')
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^([01]\d|2[0-3]):[0-5]\d$/.test(time)
    const from = valid ? pickupInstant(date, time) : undefined
    if (!from || Number.isNaN(from.getTime())) {
      return refused(context, { publish: { error: 'ops.prices.errors.when', date, time } })
    }
    try {
      const published = await publishDraft(handle, from, staff.account.id, now)
      pricesInForce().invalidate()
      logger.info('prices.published', { version: published.id, appliesFrom: published.appliesFrom })
    } catch (error) {
      if (!(error instanceof PriceListConflict)) throw error
      return refused(context, { publish: { error: 'ops.prices.errors.past', date, time } })
    }
    return redirect('/ops/prices?done=published', { status: 303, headers: staffPageHeaders })
  }

  const submission = parseWithZod(form, { schema: priceListFormSchema(draft.list) })
  if (submission.status !== 'success') return refused(context, { result: submission.reply() })
  const value = submission.value as Record<string, unknown>
  await saveDraft(
    handle,
    { list: listFromForm(draft.list, value), note: String(value.note ?? '') },
    staff.account.id,
    now,
  )
  return redirect('/ops/prices/draft?saved=1', { status: 303, headers: staffPageHeaders })
}
