import { forgetDisplayedRules } from '~/capacity/search-capacity.server'
import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { getDatabase } from '~/db/db.server'
import { istanbulDate, timeOptions } from '~/domain/booking-window'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import { displayPlate } from '~/domain/dispatch/rules'
import { roleMay, rolesThatMay } from '~/domain/staff/roles'
import { listVehicles } from '~/dispatch/vehicles.server'
import {
  capacityRulesDefaults,
  capacityRulesSchema,
  capacityRulesValues,
  allowanceSchema,
  closedPeriodSchema,
  MAX_BUFFER_MINUTES,
  MAX_EXTRA_RIDES,
  MAX_NOTICE_HOURS,
  MIN_NOTICE_HOURS,
  MAX_CAP,
  periodErrors,
  vehicleBlockSchema,
} from '~/capacity/capacity-forms'
import {
  addClosedPeriod,
  addVehicleBlock,
  listClosedPeriods,
  listVehicleBlocks,
  readCapacitySettings,
  removeClosedPeriod,
  removeVehicleBlock,
  saveCapacityRules,
} from '~/capacity/capacity-settings.server'
import { addAllowance, allowancesInForce, removeAllowance } from '~/capacity/allowances.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import { forbidden, refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'
import { instantFormatter, staffMeta } from './ops-pages.server'
import { classTitles, idParam, type Context } from './dispatch-shared.server'

/**
 * /ops/capacity: what limits sales (docs/capacity.md). Admins and
 * dispatchers read it ('bookings.view'); those who keep the fleet
 * ('dispatch.manage', as the vehicles pages) set the rules, close periods to
 * sales and take vehicles out of service. Anyone else who reads it sees no
 * form, and their POST is refused with 403. Drivers get 403. The store
 * audits every change.
 */

const requireViewer = (request: Request) => requireStaff(request, rolesThatMay('bookings.view'))

async function requireManager(request: Request) {
  const staff = await requireViewer(request)
  if (!roleMay(staff.account.role, 'dispatch.manage')) throw forbidden()
  refuseCrossOrigin(request)
  return staff
}

/** What a change answers with, once done: the page, saying what was done. */
export const capacityDoneKinds = [
  'rulesSaved',
  'periodAdded',
  'periodRemoved',
  'blockAdded',
  'blockRemoved',
  'allowanceAdded',
  'allowanceRemoved',
] as const
type DoneKind = (typeof capacityDoneKinds)[number]

/** After a change: this instance's vehicle step reads the rules afresh (others within seconds). */
const done = (kind: DoneKind) => {
  forgetDisplayedRules()
  return redirect(`/ops/capacity?done=${kind}`, { status: 303, headers: staffPageHeaders })
}

export async function capacityPageData(context: Context, request: Request) {
  const staff = await requireViewer(request)
  const { t, language } = pageContext(context, request)
  const now = new Date()
  const { db } = await getDatabase()
  const [settings, periods, blocks, vehicles, allowances] = await Promise.all([
    readCapacitySettings(db),
    listClosedPeriods(db, now),
    listVehicleBlocks(db, now),
    listVehicles(db),
    allowancesInForce(db, now),
  ])
  const title = classTitles(context, request)
  const at = instantFormatter(language)
  const today = istanbulDate(now)
  const doneParam = new URL(request.url).searchParams.get('done')
  return data(
    {
      meta: staffMeta(context, request, t('opsCapacity.title')),
      mayManage: roleMay(staff.account.role, 'dispatch.manage'),
      limits: {
        buffer: MAX_BUFFER_MINUTES,
        cap: MAX_CAP,
        extraRides: MAX_EXTRA_RIDES,
        notice: { min: MIN_NOTICE_HOURS, max: MAX_NOTICE_HOURS },
      },
      updated:
        settings.updatedBy && settings.updatedAt
          ? { at: at(settings.updatedAt), by: settings.updatedBy }
          : null,
      /** The rules as read-only viewers read them. */
      rules: {
        fleetLimited: settings.fleetLimited,
        driversLimited: settings.driversLimited,
        minimumNoticeHours: settings.minimumNoticeMinutes / 60,
        bufferBeforeMinutes: settings.bufferBeforeMinutes,
        bufferAfterMinutes: settings.bufferAfterMinutes,
        classes: vehicleClassCodes.map((code) => ({
          code,
          title: title(code),
          upgrades: (settings.upgrades[code] ?? []).map(title),
          perDay: settings.caps[code]?.perDay ?? null,
          perHour: settings.caps[code]?.perHour ?? null,
        })),
      },
      rulesDefaults: capacityRulesDefaults(settings),
      classes: vehicleClassCodes.map((code) => ({ value: code, label: title(code) })),
      periods: periods.map((period) => ({
        id: period.id,
        from: at(period.startsAt),
        until: at(period.endsAt),
        reasonEn: period.reasonEn,
        reasonTr: period.reasonTr,
      })),
      blocks: blocks.map((block) => ({
        id: block.id,
        plate: displayPlate(block.plate),
        from: at(block.startsAt),
        until: at(block.endsAt),
        note: block.note,
      })),
      allowances: allowances.map((allowance) => ({
        id: allowance.id,
        classTitle: title(allowance.vehicleClass),
        from: at(allowance.startsAt),
        until: at(allowance.endsAt),
        extraRides: allowance.extraRides,
        reason: allowance.reason,
        addedBy: allowance.addedBy,
      })),
      vehicles: vehicles
        .filter((vehicle) => vehicle.active === 1)
        .map((vehicle) => ({
          value: vehicle.id,
          label: `${displayPlate(vehicle.plate)}: ${vehicle.make_model}`,
        })),
      times: timeOptions(),
      spanDefaults: { fromDate: today, untilDate: today },
      done: (capacityDoneKinds as readonly string[]).includes(doneParam ?? '')
        ? (doneParam as DoneKind)
        : null,
    },
    { headers: staffPageHeaders },
  )
}

/** Which form a refusal belongs to, so only that form shows its messages. */
export type CapacityForm = 'rules' | 'period' | 'block' | 'allowance'

/** A refused form, with what was typed and a message beside each wrong field. */
function refuse(context: Context, form: CapacityForm, result: SubmissionResult<string[]>) {
  markFormRefused(context)
  return data({ form, result, gone: null }, { status: 400, headers: staffPageHeaders })
}

/** A Remove of something already gone (removed meanwhile by someone else). */
function alreadyGone(context: Context, gone: 'period' | 'block' | 'allowance') {
  markFormRefused(context)
  return data({ form: null, result: undefined, gone }, { status: 409, headers: staffPageHeaders })
}

/**
 * The page's forms, told apart by `intent`: save the rules, add or remove a
 * closed period, a service block or an allowance to sell over capacity. A
 * manager's same-site POST only.
 */
export async function capacityAction(context: Context, request: Request) {
  const staff = await requireManager(request)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const handle = await getDatabase()
  const now = new Date()
  const by = staff.account.id

  if (intent === 'rules') {
    const submission = parseWithZod(formData, { schema: capacityRulesSchema })
    if (submission.status !== 'success') return refuse(context, 'rules', submission.reply())
    const { changed } = await saveCapacityRules(
      handle,
      capacityRulesValues(submission.value),
      by,
      now,
    )
    if (changed) logger.info('capacity.rules_saved', { by })
    return done('rulesSaved')
  }

  if (intent === 'addPeriod') {
    const submission = parseWithZod(formData, { schema: closedPeriodSchema })
    if (submission.status !== 'success') return refuse(context, 'period', submission.reply())
    const span = periodErrors(submission.value, now)
    if (!span.ok) {
      return refuse(context, 'period', submission.reply({ fieldErrors: span.fieldErrors }))
    }
    const { id } = await addClosedPeriod(
      handle,
      {
        startsAt: span.startsAt,
        endsAt: span.endsAt,
        reasonEn: submission.value.reasonEn,
        reasonTr: submission.value.reasonTr,
      },
      by,
      now,
    )
    logger.info('capacity.period_added', { period: id, by })
    return done('periodAdded')
  }

  if (intent === 'addBlock') {
    const submission = parseWithZod(formData, { schema: vehicleBlockSchema })
    if (submission.status !== 'success') return refuse(context, 'block', submission.reply())
    const span = periodErrors(submission.value, now)
    if (!span.ok) {
      return refuse(context, 'block', submission.reply({ fieldErrors: span.fieldErrors }))
    }
    const outcome = await addVehicleBlock(
      handle,
      {
        vehicleId: submission.value.vehicleId,
        startsAt: span.startsAt,
        endsAt: span.endsAt,
        note: submission.value.note,
      },
      by,
      now,
    )
    if (!outcome.ok) {
      return refuse(
        context,
        'block',
        submission.reply({ fieldErrors: { vehicleId: ['opsCapacity.errors.vehicleGone'] } }),
      )
    }
    logger.info('capacity.block_added', { block: outcome.id, by })
    return done('blockAdded')
  }

  if (intent === 'addAllowance') {
    const submission = parseWithZod(formData, { schema: allowanceSchema })
    if (submission.status !== 'success') return refuse(context, 'allowance', submission.reply())
    const span = periodErrors(submission.value, now)
    if (!span.ok) {
      return refuse(context, 'allowance', submission.reply({ fieldErrors: span.fieldErrors }))
    }
    const { id } = await addAllowance(
      handle,
      {
        vehicleClass: submission.value.vehicleClass,
        startsAt: span.startsAt,
        endsAt: span.endsAt,
        extraRides: submission.value.extraRides,
        reason: submission.value.reason,
      },
      by,
      now,
    )
    logger.info('capacity.allowance_added', { allowance: id, by })
    return done('allowanceAdded')
  }

  if (intent === 'removeAllowance') {
    const id = idParam(String(formData.get('id') ?? ''))
    const outcome = await removeAllowance(handle, id, by, now)
    if (!outcome.ok) return alreadyGone(context, 'allowance')
    logger.info('capacity.allowance_removed', { id, by })
    return done('allowanceRemoved')
  }

  if (intent === 'removePeriod' || intent === 'removeBlock') {
    const id = idParam(String(formData.get('id') ?? ''))
    const outcome =
      intent === 'removePeriod'
        ? await removeClosedPeriod(handle, id, by, now)
        : await removeVehicleBlock(handle, id, by, now)
    if (!outcome.ok) return alreadyGone(context, intent === 'removePeriod' ? 'period' : 'block')
    logger.info(intent === 'removePeriod' ? 'capacity.period_removed' : 'capacity.block_removed', {
      id,
      by,
    })
    return done(intent === 'removePeriod' ? 'periodRemoved' : 'blockRemoved')
  }

  throw data('Unknown action', { status: 400, headers: staffPageHeaders })
}
