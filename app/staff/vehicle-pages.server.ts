import { getDatabase } from '~/db/db.server'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import { displayPlate } from '~/domain/dispatch/rules'
import { pageContext } from '~/utils/page-context.server'
import { vehicleSchema } from '~/dispatch/dispatch-forms'
import {
  addVehicle,
  changeVehicle,
  findVehicle,
  listVehicles,
  type VehicleInput,
} from '~/dispatch/vehicles.server'
import { staffMeta } from './ops-pages.server'
import { recordFormAction, type RecordForm } from './dispatch-record-form.server'
import {
  classTitles,
  idParam,
  notFound,
  recordHistory,
  requireDispatcher,
  type Context,
} from './dispatch-shared.server'

/** The vehicles pages under /ops: the list with its add form, and one vehicle's edit page. */

function classOptions(context: Context, request: Request) {
  const title = classTitles(context, request)
  return vehicleClassCodes.map((code) => ({ value: code, label: title(code) }))
}

export async function vehiclesPageData(context: Context, request: Request) {
  await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const title = classTitles(context, request)
  const vehicles = await listVehicles((await getDatabase()).db)
  const url = new URL(request.url)
  const added = Number(url.searchParams.get('added'))
  const addedVehicle = vehicles.find((vehicle) => vehicle.id === added)
  return {
    meta: staffMeta(context, request, t('ops.dispatch.vehicles.title')),
    vehicles: vehicles.map((vehicle) => ({
      id: vehicle.id,
      plate: displayPlate(vehicle.plate),
      class: title(vehicle.class_code),
      makeModel: vehicle.make_model,
      colour: vehicle.colour,
      seats: vehicle.seats,
      luggage: vehicle.luggage,
      active: vehicle.active === 1,
    })),
    classes: classOptions(context, request),
    added: addedVehicle ? displayPlate(addedVehicle.plate) : null,
    saved: url.searchParams.get('saved') === '1',
  }
}

const vehicleForm: RecordForm<typeof vehicleSchema, VehicleInput> = {
  kind: 'vehicle',
  schema: vehicleSchema,
  input: (value, isNew) => ({
    classCode: value.classCode,
    makeModel: value.makeModel,
    plate: value.plate,
    colour: value.colour || null,
    seats: value.seats,
    luggage: value.luggage,
    active: isNew ? true : value.active === true,
  }),
  add: addVehicle,
  change: changeVehicle,
  conflict: { field: 'plate', error: 'ops.dispatch.errors.plateTaken' },
}

export const addVehicleAction = (context: Context, request: Request) =>
  recordFormAction(context, request, vehicleForm)

export const editVehicleAction = (context: Context, request: Request, id: string | undefined) =>
  recordFormAction(context, request, vehicleForm, idParam(id))

export async function editVehiclePageData(
  context: Context,
  request: Request,
  id: string | undefined,
) {
  await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const vehicle = await findVehicle((await getDatabase()).db, idParam(id))
  if (!vehicle) throw notFound()
  const plate = displayPlate(vehicle.plate)
  return {
    meta: staffMeta(context, request, t('ops.dispatch.vehicles.editTitle', { plate })),
    id: vehicle.id,
    plate,
    defaults: {
      classCode: vehicle.class_code,
      makeModel: vehicle.make_model,
      plate,
      colour: vehicle.colour ?? '',
      seats: String(vehicle.seats),
      luggage: String(vehicle.luggage),
      active: vehicle.active === 1 ? 'on' : '',
    },
    classes: classOptions(context, request),
    history: await recordHistory(context, request, `vehicle:${vehicle.id}`),
  }
}
