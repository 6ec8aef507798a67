import { getDatabase } from '~/db/db.server'
import { getEnv } from '~/config/env.server'
import { places, placeById } from '~/domain/places/gazetteer'
import { greatCircleKm } from '~/domain/distance/geo'
import {
  distanceToGo,
  kilometres,
  positionIsStale,
  type Coordinates,
} from '~/domain/dispatch/car-position'
import { displayPlate } from '~/domain/dispatch/rules'
import { rolesThatMay } from '~/domain/staff/roles'
import { activeRides } from '~/dispatch/positions.server'
import { rideLine } from '~/booking/ride-label'
import type { Language } from '~/i18n/config'
import { formatInstantTime, formatKilometres } from '~/utils/format'
import { pageContext } from '~/utils/page-context.server'
import { requireStaff } from './guard.server'
import { placeText, staffMeta } from './ops-pages.server'
import type { Context } from './dispatch-shared.server'

/**
 * Cars on the road, /ops/cars (docs/dispatch.md, "The car on a map"): every
 * ride on the way or at its pickup, its driver and car, and where the car
 * was last, from the driver's phone or a place they named. Read as a table
 * everywhere (each car with a link that opens its position in any maps
 * app); drawn on one map besides when the site has a Maps browser key.
 */
export async function carsPageData(context: Context, request: Request) {
  await requireStaff(request, rolesThatMay('bookings.view'))
  const { t, language } = pageContext(context, request)
  const handle = await getDatabase()
  const env = getEnv()
  const now = new Date()
  const rides = await activeRides(handle.db)
  const cars = rides.map((ride) => {
    const pickup = placeById(ride.pickup_place_id)
    const position: Coordinates | null =
      ride.position_lat !== null && ride.position_lng !== null
        ? { lat: ride.position_lat, lng: ride.position_lng }
        : null
    const away = position && pickup ? distanceToGo(position, pickup, env.ROAD_FACTOR) : null
    return {
      reference: ride.reference,
      status: ride.status,
      time: ride.trip_time,
      route: rideLine(t, {
        from: placeText(ride.pickup_place_id, ride.pickup_text, language),
        to: placeText(ride.destination_place_id, ride.destination_text, language),
        hire: ride.ride_mode === 'hourly' && ride.hire_hours ? { hours: ride.hire_hours } : null,
      }),
      driver: ride.driver_name,
      driverPhone: ride.driver_phone,
      vehicle: `${ride.vehicle_model}, ${displayPlate(ride.vehicle_plate)}`,
      position: position && {
        ...position,
        near: nearestPlaceName(position, language),
        byPlace: ride.position_source === 'place',
        at: ride.position_at ? formatInstantTime(ride.position_at, language) : '',
        stale: ride.position_at ? positionIsStale(ride.position_at, now) : true,
        // Only while going to the pickup: once there, the distance says nothing.
        toPickup:
          away && ride.status === 'on_the_way'
            ? {
                atPickup: away.atPickup,
                km: formatKilometres(kilometres(away.metres), language),
                minutes: away.minutes,
              }
            : null,
        mapsUrl: `https://www.google.com/maps/search/?api=1&query=${position.lat},${position.lng}`,
      },
    }
  })
  return {
    meta: staffMeta(context, request, t('ops.cars.title')),
    cars,
    withMap: env.GOOGLE_MAPS_BROWSER_KEY !== '',
  }
}

/** The served place nearest to a position, as a landmark a dispatcher knows ("near Beşiktaş"). */
function nearestPlaceName(position: Coordinates, language: Language): string {
  let nearest = places[0]!
  let nearestKm = Infinity
  for (const place of places) {
    const km = greatCircleKm(position, place)
    if (km < nearestKm) {
      nearest = place
      nearestKm = km
    }
  }
  return nearest.name[language]
}
