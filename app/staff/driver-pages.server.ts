import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { getDatabase } from '~/db/db.server'
import { istanbulDate } from '~/domain/booking-window'
import type { OffDuty } from '~/domain/dispatch/working-hours'
import type { Language } from '~/i18n/config'
import type { Translate } from '~/booking/ride-label'
import { logger } from '~/utils/logger.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import {
  endTimes,
  hoursFormDefaults,
  hoursOfForm,
  hoursSchema,
  startTimes,
  timeOffDefaults,
  timeOffSchema,
  timeOffSpan,
  weekdayName,
} from '~/dispatch/driver-hours-forms'
import {
  addDriverTimeOff,
  driverHours,
  driverTimeOff,
  removeDriverTimeOff,
  saveDriverHours,
  weekdayOfField,
} from '~/dispatch/driver-hours.server'
import { driverSchema } from '~/dispatch/dispatch-forms'
import {
  addDriver,
  changeDriver,
  driverIdentityNumber,
  findDriver,
  linkableDriverAccounts,
  listDrivers,
  type DriverInput,
} from '~/dispatch/drivers.server'
import { compactDocumentNumber, maskedNumber } from '~/domain/identity/travel-identity'
import { listVehicles } from '~/dispatch/vehicles.server'
import { readDispatchSettings, saveDispatchSettings } from '~/dispatch/offers.server'
import { dispatchSettingsSchema } from '~/dispatch/offer-forms'
import { vehicleLabel } from '~/dispatch/assignment.server'
import { driverRating } from '~/reviews/reviews.server'
import { intlLocale } from '~/i18n/config'
import { numberFormat } from '~/utils/intl-cache'
import { instantFormatter, staffMeta } from './ops-pages.server'
import { refuseCrossOrigin, staffPageHeaders } from './guard.server'
import { recordFormAction, type RecordForm } from './dispatch-record-form.server'
import {
  idParam,
  notFound,
  recordHistory,
  requireDispatcher,
  type Context,
} from './dispatch-shared.server'

/** The drivers pages under /ops: the list with its add form, and one driver's edit page. */

/** The cars a driver may usually drive: the active ones, by plate. */
async function usualVehicleOptions(executor: Parameters<typeof listVehicles>[0]) {
  return (await listVehicles(executor))
    .filter((vehicle) => vehicle.active === 1)
    .map((vehicle) => ({ value: vehicle.id, label: vehicleLabel(vehicle) }))
}

function accountOptions(accounts: { id: number; name: string; email: string }[]) {
  return accounts.map((account) => ({
    value: account.id,
    label: `${account.name} (${account.email})`,
  }))
}

export async function driversPageData(context: Context, request: Request) {
  await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const handle = await getDatabase()
  const [drivers, accounts] = await Promise.all([
    listDrivers(handle.db),
    linkableDriverAccounts(handle.db),
  ])
  const url = new URL(request.url)
  const added = Number(url.searchParams.get('added'))
  return {
    meta: staffMeta(context, request, t('ops.dispatch.drivers.title')),
    drivers: drivers.map((driver) => ({
      id: driver.id,
      name: driver.name,
      phone: driver.phone,
      languages: driver.languages,
      licence: driver.licence_number,
      account: driver.accountEmail,
      active: driver.active === 1,
    })),
    accounts: accountOptions(accounts),
    vehicles: await usualVehicleOptions(handle.db),
    offerSettings: await readDispatchSettings(handle.db),
    added: drivers.find((driver) => driver.id === added)?.name ?? null,
    saved: url.searchParams.get('saved') === '1',
  }
}

const driverForm: RecordForm<typeof driverSchema, DriverInput> = {
  kind: 'driver',
  schema: driverSchema,
  input: (value, isNew) => ({
    name: value.name,
    phone: value.phone,
    languages: value.languages,
    licenceNumber: value.licenceNumber,
    // Left empty: none on a new driver, the one stored on an edit.
    identityNumber: value.identityNumber ? compactDocumentNumber(value.identityNumber) : undefined,
    documentSex: value.documentSex ?? null,
    staffAccountId: value.staffAccountId ?? null,
    offerChannel: value.offerChannel,
    usualVehicleId: value.usualVehicleId ?? null,
    // A new driver is active; on the edit form the box says.
    active: isNew ? true : value.active === true,
    // Lira on the form, kuruş stored; a share is its percent.
    payRule: value.payRule ?? null,
    payAmount:
      value.payRule === undefined || value.payAmount === undefined
        ? null
        : value.payRule === 'share'
          ? value.payAmount
          : value.payAmount * 100,
  }),
  add: addDriver,
  change: changeDriver,
  conflict: { field: 'staffAccountId', error: 'ops.dispatch.errors.accountUnavailable' },
}

/** The drivers page: a new driver, or the company's offer settings (told apart by `intent`). */
export async function driversPageAction(context: Context, request: Request) {
  const intent = (await request.clone().formData()).get('intent')
  if (intent === 'offerSettings') return offerSettingsAction(context, request)
  return recordFormAction(context, request, driverForm)
}

/** How long a driver has to answer an offer, and whether new rides are offered by themselves. */
async function offerSettingsAction(context: Context, request: Request) {
  const staff = await requireDispatcher(request)
  refuseCrossOrigin(request)
  const submission = parseWithZod(await request.formData(), { schema: dispatchSettingsSchema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ settingsResult: submission.reply() }, { status: 400, headers: staffPageHeaders })
  }
  await saveDispatchSettings(
    await getDatabase(),
    {
      offerMinutes: submission.value.offerMinutes,
      autoOffer: submission.value.autoOffer === true,
    },
    staff.account.id,
    new Date(),
  )
  return redirect('/ops/drivers?offerSettings=saved#ops-offer-settings-title', {
    status: 303,
    headers: staffPageHeaders,
  })
}

/**
 * The driver's edit page: its driver form, or one of the working hours and
 * time off forms (told apart by their `intent`), each a dispatcher's.
 */
export async function editDriverAction(context: Context, request: Request, id: string | undefined) {
  const driverId = idParam(id)
  // The body is read once: a copy says which form it is.
  const intent = (await request.clone().formData()).get('intent')
  if (!isDriverHoursIntent(intent)) return recordFormAction(context, request, driverForm, driverId)
  const staff = await requireDispatcher(request)
  refuseCrossOrigin(request)
  const driver = await findDriver((await getDatabase()).db, driverId)
  if (!driver) throw notFound()
  return driverHoursAction(context, await request.formData(), {
    driverId,
    accountId: staff.account.id,
    page: `/ops/drivers/${driverId}`,
  })
}

export async function editDriverPageData(
  context: Context,
  request: Request,
  id: string | undefined,
) {
  await requireDispatcher(request)
  const { t, language } = pageContext(context, request)
  const handle = await getDatabase()
  const driver = await findDriver(handle.db, idParam(id))
  if (!driver) throw notFound()
  // Every review of their rides, published or not (staff only): 4.6 out of 5, or none yet.
  const rating = await driverRating(handle.db, driver.id)
  return {
    meta: staffMeta(context, request, t('ops.dispatch.drivers.editTitle', { name: driver.name })),
    id: driver.id,
    name: driver.name,
    defaults: {
      name: driver.name,
      phone: driver.phone,
      languages: driver.languages,
      licenceNumber: driver.licence_number,
      // Never shown back whole: the field starts empty, and says which number is kept.
      identityNumber: '',
      documentSex: driver.document_sex ?? '',
      staffAccountId: driver.staff_account_id === null ? '' : String(driver.staff_account_id),
      offerChannel: driver.offer_channel,
      usualVehicleId: driver.usual_vehicle_id === null ? '' : String(driver.usual_vehicle_id),
      active: driver.active === 1 ? 'on' : '',
      payRule: driver.pay_rule ?? '',
      payAmount:
        driver.pay_rule === null || driver.pay_amount === null
          ? ''
          : String(driver.pay_rule === 'share' ? driver.pay_amount : driver.pay_amount / 100),
    },
    rating: rating
      ? {
          average: numberFormat(intlLocale[language], {
            minimumFractionDigits: 1,
            maximumFractionDigits: 1,
          }).format(rating.average),
          count: rating.count,
        }
      : null,
    identityGiven: (() => {
      const number = driverIdentityNumber(driver)
      return number ? maskedNumber(number) : null
    })(),
    accounts: accountOptions(await linkableDriverAccounts(handle.db, driver.id)),
    vehicles: await usualVehicleOptions(handle.db),
    hours: await driverHoursSection(context, request, driver.id),
    history: (await recordHistory(context, request, `driver:${driver.id}`)).map((entry) =>
      readableHoursEntry(context, request, entry),
    ),
  }
}

// ------------------------------------------------------- working hours and time off

/**
 * A driver's working hours and time off (docs/dispatch.md): the same section
 * and forms on the driver's own page (/ops/jobs, their own only) and on their
 * page for dispatch (/ops/drivers/:id). Each change is audited on the driver
 * (`driver:<id>`) with the member of staff who made it, the driver included.
 */

const driverHoursIntents = ['hours', 'addTimeOff', 'removeTimeOff'] as const
type DriverHoursIntent = (typeof driverHoursIntents)[number]

/** Whether a posted `intent` is one of the working hours and time off forms'. */
export function isDriverHoursIntent(intent: unknown): intent is DriverHoursIntent {
  return driverHoursIntents.includes(intent as DriverHoursIntent)
}

/** What a change answers with, once done: the page, saying what was done. */
export const driverHoursDoneKinds = ['hoursSaved', 'timeOffAdded', 'timeOffRemoved'] as const
type DoneKind = (typeof driverHoursDoneKinds)[number]

/**
 * An end of time off as the pages say it: a midnight ending a day as that
 * day's 24:00 ('9 Jun 2027, 24:00'), as it was chosen; any other instant as is.
 */
export function timeOffFormatter(language: Language) {
  const at = instantFormatter(language)
  return {
    from: (iso: string) => at(iso),
    until: (iso: string) => {
      const text = at(iso)
      if (!/00[:.]00$/.test(text)) return text
      const dayBefore = new Date(Date.parse(iso) - 24 * 3_600_000).toISOString()
      return at(dayBefore).replace(/00([:.])00$/, '24$100')
    },
  }
}

/** Why a driver is off duty for a ride, in words ("Ayşe does not work at 20:00 on Friday."). */
export function offDutyText(t: Translate, language: Language, name: string, duty: OffDuty) {
  if (duty.reason === 'notWorking') {
    return t('ops.driverHours.refusal.notWorking', {
      name,
      time: duty.time,
      onWeekday: t(`ops.driverHours.onWeekday.${weekdayName(duty.weekday)}`),
    })
  }
  const format = timeOffFormatter(language)
  return t('ops.driverHours.refusal.timeOff', {
    name,
    from: format.from(duty.startsAt),
    until: format.until(duty.endsAt),
  })
}

/** The section's data: the week as the form shows it, the time off not yet over, the lists. */
export async function driverHoursSection(context: Context, request: Request, driverId: number) {
  const { language } = pageContext(context, request)
  const { db } = await getDatabase()
  const now = new Date()
  const [hours, timeOff] = await Promise.all([
    driverHours(db, driverId),
    driverTimeOff(db, driverId, now),
  ])
  const format = timeOffFormatter(language)
  const done = new URL(request.url).searchParams.get('done')
  return {
    hoursDefaults: hoursFormDefaults(hours),
    hasHours: hours.length > 0,
    timeOff: timeOff.map((span) => ({
      id: span.id,
      from: format.from(span.startsAt),
      until: format.until(span.endsAt),
      note: span.note,
    })),
    startTimes: startTimes(),
    endTimes: endTimes(),
    timeOffDefaults: timeOffDefaults(istanbulDate(now)),
    done: (driverHoursDoneKinds as readonly string[]).includes(done ?? '')
      ? (done as DoneKind)
      : null,
  }
}

/** Which form a refusal belongs to, so only that form shows its messages. */
export type DriverHoursForm = 'hours' | 'timeOff'

/** What a refused change answers: the form, what was typed, or a time off already gone. */
export interface DriverHoursReply {
  driverHours: {
    form: DriverHoursForm | null
    result: SubmissionResult<string[]> | undefined
    gone: boolean
  }
}

function refuseHours(context: Context, form: DriverHoursForm, result: SubmissionResult<string[]>) {
  markFormRefused(context)
  const reply: DriverHoursReply = { driverHours: { form, result, gone: false } }
  return data(reply, { status: 400, headers: staffPageHeaders })
}

/**
 * One of the section's forms, posted by `accountId` for driver `driverId`
 * (the caller checked who may: the driver themselves, or dispatch): save the
 * week, add time off, or remove one (only this driver's: another's is not
 * found, 404). Done, back to `page` saying so.
 */
export async function driverHoursAction(
  context: Context,
  formData: FormData,
  who: { driverId: number; accountId: number; page: string },
) {
  const intent = formData.get('intent')
  const handle = await getDatabase()
  const now = new Date()
  const { driverId, accountId } = who
  const done = (kind: DoneKind) =>
    redirect(
      `${who.page}?done=${kind}#${kind === 'hoursSaved' ? 'driver-hours' : 'driver-time-off'}`,
      {
        status: 303,
        headers: staffPageHeaders,
      },
    )

  if (intent === 'hours') {
    const submission = parseWithZod(formData, { schema: hoursSchema })
    if (submission.status !== 'success') return refuseHours(context, 'hours', submission.reply())
    const outcome = await saveDriverHours(
      handle,
      driverId,
      hoursOfForm(submission.value),
      accountId,
      now,
    )
    if (!outcome.ok) throw notFound()
    if (outcome.changed)
      logger.info('dispatch.driver_hours_changed', { driver: driverId, by: accountId })
    return done('hoursSaved')
  }

  if (intent === 'addTimeOff') {
    const submission = parseWithZod(formData, { schema: timeOffSchema })
    if (submission.status !== 'success') return refuseHours(context, 'timeOff', submission.reply())
    const span = timeOffSpan(submission.value, now)
    if (!span.ok) {
      return refuseHours(context, 'timeOff', submission.reply({ fieldErrors: span.fieldErrors }))
    }
    const outcome = await addDriverTimeOff(
      handle,
      driverId,
      { startsAt: span.startsAt, endsAt: span.endsAt, note: submission.value.note ?? '' },
      accountId,
      now,
    )
    if (!outcome.ok) throw notFound()
    logger.info('dispatch.driver_time_off_added', {
      driver: driverId,
      timeOff: outcome.id,
      by: accountId,
    })
    return done('timeOffAdded')
  }

  if (intent === 'removeTimeOff') {
    const id = idParam(String(formData.get('id') ?? ''))
    const outcome = await removeDriverTimeOff(handle, driverId, id, accountId, now)
    if (!outcome.ok) {
      // Removed meanwhile, or never this driver's: nothing changes either way.
      markFormRefused(context)
      const reply: DriverHoursReply = { driverHours: { form: null, result: undefined, gone: true } }
      return data(reply, { status: 404, headers: staffPageHeaders })
    }
    logger.info('dispatch.driver_time_off_removed', {
      driver: driverId,
      timeOff: id,
      by: accountId,
    })
    return done('timeOffRemoved')
  }

  throw data('Unknown action', { status: 400, headers: staffPageHeaders })
}

type HistoryEntry = Awaited<ReturnType<typeof recordHistory>>[number]

/**
 * The driver's history with the hours and time off entries in words: each
 * weekday by its name, the time off's ends as the page shows them.
 */
function readableHoursEntry(context: Context, request: Request, entry: HistoryEntry): HistoryEntry {
  const { t, language } = pageContext(context, request)
  if (entry.action === 'driver.hours_changed') {
    return {
      ...entry,
      changes: entry.changes.map((change) => {
        const weekday = weekdayOfField(change.field)
        return weekday
          ? { ...change, field: t(`ops.driverHours.weekdays.${weekdayName(weekday)}`) }
          : change
      }),
    }
  }
  if (entry.action === 'driver.time_off_added' || entry.action === 'driver.time_off_removed') {
    const format = timeOffFormatter(language)
    const words: Record<string, { label: string; value: (text: string) => string }> = {
      startsAt: { label: t('ops.driverHours.timeOff.from'), value: format.from },
      endsAt: { label: t('ops.driverHours.timeOff.until'), value: format.until },
      note: { label: t('ops.driverHours.timeOff.note'), value: (text) => text },
    }
    return {
      ...entry,
      changes: entry.changes.map((change) => {
        const word = words[change.field]
        if (!word) return change
        return {
          field: word.label,
          before: change.before === null ? null : word.value(change.before),
          after: change.after === null ? null : word.value(change.after),
        }
      }),
    }
  }
  return entry
}
