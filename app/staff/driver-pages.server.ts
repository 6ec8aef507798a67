import { getDatabase } from '~/db/db.server'
import { pageContext } from '~/utils/page-context.server'
import { driverSchema } from '~/dispatch/dispatch-forms'
import {
  addDriver,
  changeDriver,
  findDriver,
  linkableDriverAccounts,
  listDrivers,
  type DriverInput,
} from '~/dispatch/drivers.server'
import { staffMeta } from './ops-pages.server'
import { recordFormAction, type RecordForm } from './dispatch-record-form.server'
import {
  idParam,
  notFound,
  recordHistory,
  requireDispatcher,
  type Context,
} from './dispatch-shared.server'

/** The drivers pages under /ops: the list with its add form, and one driver's edit page. */

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
    staffAccountId: value.staffAccountId ?? null,
    // A new driver is active; on the edit form the box says.
    active: isNew ? true : value.active === true,
  }),
  add: addDriver,
  change: changeDriver,
  conflict: { field: 'staffAccountId', error: 'ops.dispatch.errors.accountUnavailable' },
}

export const addDriverAction = (context: Context, request: Request) =>
  recordFormAction(context, request, driverForm)

export const editDriverAction = (context: Context, request: Request, id: string | undefined) =>
  recordFormAction(context, request, driverForm, idParam(id))

export async function editDriverPageData(
  context: Context,
  request: Request,
  id: string | undefined,
) {
  await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const handle = await getDatabase()
  const driver = await findDriver(handle.db, idParam(id))
  if (!driver) throw notFound()
  return {
    meta: staffMeta(context, request, t('ops.dispatch.drivers.editTitle', { name: driver.name })),
    id: driver.id,
    name: driver.name,
    defaults: {
      name: driver.name,
      phone: driver.phone,
      languages: driver.languages,
      licenceNumber: driver.licence_number,
      staffAccountId: driver.staff_account_id === null ? '' : String(driver.staff_account_id),
      active: driver.active === 1 ? 'on' : '',
    },
    accounts: accountOptions(await linkableDriverAccounts(handle.db, driver.id)),
    history: await recordHistory(context, request, `driver:${driver.id}`),
  }
}
