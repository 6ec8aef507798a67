// Builds app/domain/pricing/price-table.json from app/domain/places/gazetteer.json
// the fixed fares listed below where the tariff gives them, every other fare
// from a per-class least-squares line fitted to the fixed fares' samples.
// Plain Node, no dependencies:  node scripts/build-price-table.mjs
import { readFileSync, writeFileSync } from 'node:fs'
import { URL } from 'node:url'

const root = new URL('../', import.meta.url)
const gazetteerUrl = new URL('app/domain/places/gazetteer.json', root)
const outUrl = new URL('app/domain/pricing/price-table.json', root)

const CLASSES = ['ECOMNVN', 'LUXMNVN', 'ECOMNBS', 'LUXMNBS']
const CLASS_MINIMUM = [34, 49, 59, 84]
const ROAD_FACTOR = 1.3
const EARTH_RADIUS_KM = 6371

/** Real motorway distances (km) where great-circle × 1.3 is far off, and the tariff's fixed ones. */
const ROAD_KM = {
  2000: { iga: 240, saw: 155 }, // Bursa, via the Osmangazi bridge
  2001: { iga: 160, saw: 75 }, // Yalova, via the Osmangazi bridge
  2005: { iga: 305, saw: 225 }, // Bolu, via the Northern Marmara motorway / TEM
  2006: { iga: 180, saw: 105 }, // Çanakkale: the tariff's distances, kept as given
  2007: { iga: 0, saw: 0 }, // Antalya: flat fares, no base distance
  2008: { iga: 0, saw: 0 }, // İzmir
  2009: { iga: 0, saw: 0 }, // Aydın
  2010: { iga: 0, saw: 0 }, // Muğla
}

const FAR_FLAT = [170, 200, 230, 260]
/** The tariff's fixed fares, exact (class order ECOMNVN, LUXMNVN, ECOMNBS, LUXMNBS). */
const SEED_FARES = {
  1001: { iga: [34, 49, 59, 84] }, // Arnavutköy
  1033: { iga: [199, 299, 249, 399], saw: [99, 129, 149, 199] }, // Şile
  1030: { saw: [139, 179, 199, 249] }, // Silivri
  2006: { iga: [299, 349, 399, 499], saw: [249, 349, 379, 459] }, // Çanakkale
  2007: { iga: FAR_FLAT, saw: FAR_FLAT },
  2008: { iga: FAR_FLAT, saw: FAR_FLAT },
  2009: { iga: FAR_FLAT, saw: FAR_FLAT },
  2010: { iga: FAR_FLAT, saw: FAR_FLAT },
}

const gazetteer = JSON.parse(readFileSync(gazetteerUrl, 'utf8'))
const airports = {
  iga: gazetteer.find((p) => p.airport === 'iga'),
  saw: gazetteer.find((p) => p.airport === 'saw'),
}

function greatCircleKm(a, b) {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h))
}

function roadKm(place, airport) {
  const fixed = ROAD_KM[place.id]?.[airport]
  if (fixed !== undefined) return fixed
  return Math.round(greatCircleKm(airports[airport], place) * ROAD_FACTOR)
}

const places = gazetteer.filter((p) => p.kind === 'district' || p.kind === 'city')
const distances = new Map(
  places.map((p) => [p.id, { iga: roadKm(p, 'iga'), saw: roadKm(p, 'saw') }]),
)

// The samples: every fixed fare that has a distance (not the 'no base distance' cities).
const samples = []
for (const [id, byAirport] of Object.entries(SEED_FARES)) {
  for (const [airport, fares] of Object.entries(byAirport)) {
    const km = distances.get(Number(id))[airport]
    if (km > 0) samples.push({ km, fares })
  }
}

// Ordinary least squares, fare = a + b·km, one line per class.
const n = samples.length
const meanKm = samples.reduce((s, x) => s + x.km, 0) / n
const sxx = samples.reduce((s, x) => s + (x.km - meanKm) ** 2, 0)
const lines = CLASSES.map((_, c) => {
  const meanFare = samples.reduce((s, x) => s + x.fares[c], 0) / n
  const sxy = samples.reduce((s, x) => s + (x.km - meanKm) * (x.fares[c] - meanFare), 0)
  const b = sxy / sxx
  return { a: meanFare - b * meanKm, b }
})

function fittedFares(km) {
  const fares = []
  let floor = 0
  CLASSES.forEach((_, c) => {
    const raw = Math.round(lines[c].a + lines[c].b * km)
    // Clamp to the class minimum, then keep the class order monotonic.
    const fare = Math.max(raw, CLASS_MINIMUM[c], floor)
    fares.push(fare)
    floor = fare
  })
  return fares
}

const asRecord = (fares) => Object.fromEntries(CLASSES.map((code, c) => [code, fares[c]]))

const entries = places.map((p) => {
  const d = distances.get(p.id)
  const prices = {}
  for (const airport of ['iga', 'saw']) {
    prices[airport] = asRecord(SEED_FARES[p.id]?.[airport] ?? fittedFares(d[airport]))
  }
  return {
    placeId: p.id,
    placeName: p.name.tr,
    distance_from_iga_km: d.iga,
    distance_from_saw_km: d.saw,
    prices,
  }
})

const fmt = (x) => x.toFixed(4)
const curve = CLASSES.map((code, c) => `${code} ${fmt(lines[c].a)} + ${fmt(lines[c].b)}·km`).join(
  '; ',
)
const note =
  'Exact fixed fares: Arnavutköy from IGA, Şile from both airports, Silivri from SAW, Çanakkale from both airports (at the given 180 km / 105 km) and the flat 170/200/230/260 of Antalya, İzmir, Aydın and Muğla (distance 0, no base distance). ' +
  `Distances are road km from each airport to the place centre of the gazetteer: great-circle distance × ${ROAD_FACTOR}, rounded to whole km, except motorway distances for Bursa (240/155), Yalova (160/75) and Bolu (305/225) from IGA/SAW. ` +
  `Every other fare comes from a least-squares line per class fitted to the ${n} fixed-fare samples that have a distance (EUR = ${curve}), rounded to whole euros, ` +
  'then raised to the class minimum 34/49/59/84 and to the previous class so that ECOMNVN ≤ LUXMNVN ≤ ECOMNBS ≤ LUXMNBS. Generated by scripts/build-price-table.mjs.'

writeFileSync(outUrl, JSON.stringify({ note, entries }, null, 2) + '\n')

console.log(
  `samples (km: fares): ${samples.map((s) => `${s.km}: ${s.fares.join('/')}`).join(', ')}`,
)
CLASSES.forEach((code, c) =>
  console.log(`${code}: fare = ${fmt(lines[c].a)} + ${fmt(lines[c].b)} · km`),
)
console.log(`wrote ${entries.length} entries to app/domain/pricing/price-table.json`)
