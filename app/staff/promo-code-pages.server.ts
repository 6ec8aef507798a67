import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { getDatabase } from '~/db/db.server'
import type { PromoCodeRow } from '~/db/schema'
import { istanbulDate } from '~/domain/booking-window'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import { promoRideKinds, readRideKinds, readVehicleClasses } from '~/domain/pricing/promo'
import { roleMay, rolesThatMay } from '~/domain/staff/roles'
import { euroCents, promoCodeSchema, type PromoCodeForm } from '~/pricing/promo-code-forms'
import {
  addPromoCode,
  changePromoCode,
  findPromoCodeById,
  listPromoCodes,
  type PromoCodeInput,
} from '~/pricing/promo-code-store.server'
import { formatMoney } from '~/utils/format'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import { forbidden, refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'
import { staffMeta } from './ops-pages.server'
import {
  classTitles,
  idParam,
  notFound,
  recordHistory,
  type Context,
} from './dispatch-shared.server'

/**
 * /ops/promo-codes and /ops/promo-codes/:id: admins and dispatchers read the
 * codes ('prices.view'), only admins add and change them ('prices.manage'; a
 * dispatcher's POST is refused with 403, and their pages carry no form).
 * Drivers get 403. Every change is audited by the store, in its transaction.
 */

const requireViewer = (request: Request) => requireStaff(request, rolesThatMay('prices.view'))

async function requireManager(request: Request) {
  const staff = await requireViewer(request)
  if (!roleMay(staff.account.role, 'prices.manage')) throw forbidden()
  refuseCrossOrigin(request)
  return staff
}

type PromoState = 'active' | 'inactive' | 'expired' | 'scheduled' | 'usedUp'

function stateOf(row: PromoCodeRow, today: string): PromoState {
  if (row.active !== 1) return 'inactive'
  if (row.valid_until && today > row.valid_until) return 'expired'
  if (row.valid_from && today < row.valid_from) return 'scheduled'
  if (row.max_uses !== null && row.uses >= row.max_uses) return 'usedUp'
  return 'active'
}

function choiceOptions(context: Context, request: Request) {
  const { t } = pageContext(context, request)
  const title = classTitles(context, request)
  return {
    classes: vehicleClassCodes.map((code) => ({ value: code, label: title(code) })),
    rideKinds: promoRideKinds.map((kind) => ({
      value: kind,
      label: t(`ops.promo.rideKinds.${kind}`),
    })),
  }
}

/** A code's row as the list shows it, in the page's language. */
function listed(row: PromoCodeRow, context: Context, request: Request, today: string) {
  const { t, language } = pageContext(context, request)
  const euros = (cents: number) => formatMoney(cents / 100, 'EUR', language)
  const valid =
    row.valid_from && row.valid_until
      ? t('ops.promo.between', { from: row.valid_from, until: row.valid_until })
      : row.valid_from
        ? t('ops.promo.from', { date: row.valid_from })
        : row.valid_until
          ? t('ops.promo.until', { date: row.valid_until })
          : t('ops.promo.always')
  const title = classTitles(context, request)
  const limits = [
    row.max_uses_per_email === null
      ? null
      : t('ops.promo.perEmail', { count: row.max_uses_per_email }),
    row.min_amount_cents === null
      ? null
      : t('ops.promo.minimum', { amount: euros(row.min_amount_cents) }),
    row.first_ride_only === 1 ? t('ops.promo.firstRide') : null,
    ...(readVehicleClasses(row.vehicle_classes) ?? []).map(title),
    ...(readRideKinds(row.ride_kinds) ?? []).map((kind) => t(`ops.promo.rideKinds.${kind}`)),
  ].filter((line): line is string => Boolean(line))
  return {
    id: row.id,
    code: row.code,
    discount:
      row.kind === 'percent'
        ? t('ops.promo.percentOff', { percent: row.percent })
        : t('ops.promo.amountOff', { amount: euros(row.amount_cents ?? 0) }),
    valid,
    uses:
      row.max_uses === null
        ? t('ops.promo.usesUnlimited', { uses: row.uses })
        : t('ops.promo.usesOf', { uses: row.uses, max: row.max_uses }),
    limits: limits.length ? limits.join(', ') : t('ops.promo.noLimits'),
    state: stateOf(row, today),
  }
}

export async function promoCodesPageData(context: Context, request: Request) {
  const staff = await requireViewer(request)
  const { t } = pageContext(context, request)
  const rows = await listPromoCodes((await getDatabase()).db)
  const today = istanbulDate(new Date())
  const url = new URL(request.url)
  const added = rows.find((row) => row.id === Number(url.searchParams.get('added')))
  return data(
    {
      meta: staffMeta(context, request, t('ops.promo.title')),
      mayManage: roleMay(staff.account.role, 'prices.manage'),
      codes: rows.map((row) => listed(row, context, request, today)),
      added: added?.code ?? null,
      saved: url.searchParams.get('saved') === '1',
      ...choiceOptions(context, request),
    },
    { headers: staffPageHeaders },
  )
}

/** The form's values as the store takes them (amounts in cents, blanks as none). */
function inputOf(value: PromoCodeForm, isNew: boolean): PromoCodeInput {
  return {
    code: value.code,
    kind: value.kind,
    percent: value.percent ?? null,
    amountCents: euroCents(value.amount) ?? null,
    validFrom: value.validFrom || null,
    validUntil: value.validUntil || null,
    maxUses: value.maxUses ?? null,
    maxUsesPerEmail: value.maxUsesPerEmail ?? null,
    vehicleClasses: value.vehicleClasses ?? [],
    rideKinds: value.rideKinds ?? [],
    minAmountCents: euroCents(value.minAmount) ?? null,
    firstRideOnly: value.firstRideOnly === true,
    active: isNew ? true : value.active === true,
  }
}

/** A stored code as the store takes it back, unchanged. */
function inputFromRow(row: PromoCodeRow): PromoCodeInput {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountCents: row.amount_cents,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    maxUses: row.max_uses,
    maxUsesPerEmail: row.max_uses_per_email,
    vehicleClasses: readVehicleClasses(row.vehicle_classes) ?? [],
    rideKinds: readRideKinds(row.ride_kinds) ?? [],
    minAmountCents: row.min_amount_cents,
    firstRideOnly: row.first_ride_only === 1,
    active: row.active === 1,
  }
}

/** The form's defaults from a stored code (what the edit page starts from). */
function defaultsOf(row: PromoCodeRow) {
  const euros = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent === null ? '' : String(row.percent),
    amount: euros(row.amount_cents),
    validFrom: row.valid_from ?? '',
    validUntil: row.valid_until ?? '',
    maxUses: row.max_uses === null ? '' : String(row.max_uses),
    maxUsesPerEmail: row.max_uses_per_email === null ? '' : String(row.max_uses_per_email),
    vehicleClasses: readVehicleClasses(row.vehicle_classes) ?? [],
    rideKinds: readRideKinds(row.ride_kinds) ?? [],
    minAmount: euros(row.min_amount_cents),
    firstRideOnly: row.first_ride_only === 1 ? 'on' : '',
    active: row.active === 1 ? 'on' : '',
  }
}

/** Add (no id) or change a code: a refused form comes back with its values and messages. */
async function saveAction(context: Context, request: Request, id?: number) {
  const staff = await requireManager(request)
  const formData = await request.formData()
  const handle = await getDatabase()
  const now = new Date()
  if (id !== undefined && formData.get('intent') === 'deactivate') {
    const row = await findPromoCodeById(handle.db, id)
    if (!row) throw notFound()
    const input: PromoCodeInput = { ...inputFromRow(row), active: false }
    const outcome = await changePromoCode(handle, id, input, staff.account.id, now)
    if (!outcome.ok) throw notFound()
    logger.info('promo.deactivated', { promo: id, by: staff.account.id })
    return redirect(`/ops/promo-codes/${id}?deactivated=1`, {
      status: 303,
      headers: staffPageHeaders,
    })
  }
  const submission = parseWithZod(formData, { schema: promoCodeSchema })
  const refuse = (reply: ReturnType<typeof submission.reply>) => {
    markFormRefused(context)
    return data({ result: reply }, { status: 400, headers: staffPageHeaders })
  }
  if (submission.status !== 'success') return refuse(submission.reply())
  const input = inputOf(submission.value, id === undefined)
  const outcome =
    id === undefined
      ? await addPromoCode(handle, input, staff.account.id, now)
      : await changePromoCode(handle, id, input, staff.account.id, now)
  if (!outcome.ok) {
    if (outcome.refusal === 'notFound') throw notFound()
    return refuse(submission.reply({ fieldErrors: { code: ['ops.promo.errors.codeTaken'] } }))
  }
  logger.info(`promo.${id === undefined ? 'added' : 'changed'}`, {
    promo: outcome.id,
    by: staff.account.id,
  })
  return redirect(
    id === undefined ? `/ops/promo-codes?added=${outcome.id}` : '/ops/promo-codes?saved=1',
    { status: 303, headers: staffPageHeaders },
  )
}

export const addPromoCodeAction = (context: Context, request: Request) =>
  saveAction(context, request)

export const editPromoCodeAction = (context: Context, request: Request, id: string | undefined) =>
  saveAction(context, request, idParam(id))

export async function editPromoCodePageData(
  context: Context,
  request: Request,
  id: string | undefined,
) {
  const staff = await requireViewer(request)
  const { t } = pageContext(context, request)
  const row = await findPromoCodeById((await getDatabase()).db, idParam(id))
  if (!row) throw notFound()
  const today = istanbulDate(new Date())
  return data(
    {
      meta: staffMeta(context, request, t('ops.promo.editTitle', { code: row.code })),
      mayManage: roleMay(staff.account.role, 'prices.manage'),
      id: row.id,
      code: row.code,
      summary: listed(row, context, request, today),
      defaults: defaultsOf(row),
      deactivated: new URL(request.url).searchParams.get('deactivated') === '1',
      history: await recordHistory(context, request, `promo:${row.id}`),
      ...choiceOptions(context, request),
    },
    { headers: staffPageHeaders },
  )
}
