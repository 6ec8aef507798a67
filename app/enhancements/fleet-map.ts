// Every car on the road on one map (/ops/cars, a site with a Maps browser
// key): a marker per table row that carries a position, titled with its ride,
// driver and car. The rows are the source: when the board's refresh replaces
// them (board-refresh.ts sends `board-rows`), the markers follow. Without a
// map the table says everything, each row with a link to its position.
import { loadMapsLibrary } from './maps/maps-loader'
import { BOARD_ROWS_EVENT } from './board-refresh'

/** Istanbul, for a map with no car yet. */
const CITY = { lat: 41.0082, lng: 28.9784 }

export async function enhance(boxes: Element[]) {
  const box = boxes[0]
  if (!(box instanceof HTMLElement)) return
  const key = box.dataset.mapsKey ?? ''
  const language = box.dataset.mapsLanguage ?? 'en'
  try {
    const [{ Map }, { Marker }, { LatLngBounds }] = await Promise.all([
      loadMapsLibrary('maps', key, language),
      loadMapsLibrary('marker', key, language),
      loadMapsLibrary('core', key, language),
    ])
    box.hidden = false
    const map = new Map(box, { center: CITY, zoom: 11, clickableIcons: false })
    let markers: google.maps.Marker[] = []
    const draw = () => {
      for (const marker of markers) marker.setMap(null)
      markers = []
      const bounds = new LatLngBounds()
      for (const row of document.querySelectorAll<HTMLElement>('tr[data-car-lat]')) {
        const position = { lat: Number(row.dataset.carLat), lng: Number(row.dataset.carLng) }
        if (!Number.isFinite(position.lat) || !Number.isFinite(position.lng)) continue
        markers.push(new Marker({ map, position, title: row.dataset.carLabel }))
        bounds.extend(position)
      }
      if (markers.length > 1) map.fitBounds(bounds, 48)
      else if (markers.length === 1) map.setCenter(markers[0]!.getPosition()!)
    }
    draw()
    document.addEventListener(BOARD_ROWS_EVENT, draw)
  } catch {
    // No map today: the table stands alone.
    box.hidden = true
  }
}
