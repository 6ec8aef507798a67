// The car on a map, beside the ride's status card, on a site with a Maps
// browser key: the car and the pickup as two markers, the car moved each time
// the ride's status arrives (ride-status.ts announces it as a `ride-status`
// event, so the page asks once for both). The words in the card say the same
// without the map; a map that fails to load stays hidden.
import { loadMapsLibrary } from './maps/maps-loader'
import { RIDE_STATUS_EVENT } from './ride-status'

interface Point {
  lat: number
  lng: number
}
interface MapPoints {
  car: Point
  pickup: Point
}

export function enhance(boxes: Element[]) {
  const box = boxes[0]
  if (!(box instanceof HTMLElement)) return
  const key = box.dataset.mapsKey ?? ''
  const language = box.dataset.mapsLanguage ?? 'en'
  let car: google.maps.Marker | undefined
  let drawing: Promise<void> | undefined

  const firstDraw = async (points: MapPoints) => {
    const [{ Map }, { Marker }, { LatLngBounds }] = await Promise.all([
      loadMapsLibrary('maps', key, language),
      loadMapsLibrary('marker', key, language),
      loadMapsLibrary('core', key, language),
    ])
    box.hidden = false
    const map = new Map(box, { center: points.car, zoom: 14, clickableIcons: false })
    car = new Marker({ map, position: points.car, title: box.dataset.carTitle, zIndex: 2 })
    new Marker({ map, position: points.pickup, title: box.dataset.pickupTitle, zIndex: 1 })
    const bounds = new LatLngBounds()
    bounds.extend(points.car)
    bounds.extend(points.pickup)
    map.fitBounds(bounds, 48)
  }
  const show = (points: MapPoints | null | undefined) => {
    if (!points) return
    if (car) return car.setPosition(points.car)
    drawing ??= firstDraw(points).catch(() => {
      // No map today: the card's words stand alone.
      box.hidden = true
      drawing = undefined
    })
  }

  show(JSON.parse(box.dataset.carMap || 'null') as MapPoints | null)
  document.addEventListener(RIDE_STATUS_EVENT, (event) => {
    const status = (event as CustomEvent<{ car?: { map?: MapPoints | null } | null }>).detail
    show(status.car?.map)
  })
}
