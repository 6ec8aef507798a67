// Quotes per second on one core: the pricing module (quoteClasses, all vehicle
// classes of one trip, priced by the first price list as the server keeps it in
// memory) called in a tight loop over a spread of real trips, against the same
// loop calling a trivial function.
//
// The TypeScript is compiled by Vite (the toolchain of the production build) into
// a scratch folder and imported from there, so the loop runs the code as the
// server bundle would, without a TypeScript runner.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { root } from './servers.mjs'

async function compileDomain(folder) {
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    resolve: { alias: { '~': join(root, 'app') } },
    build: {
      ssr: true,
      outDir: folder,
      emptyOutDir: true,
      minify: false,
      rollupOptions: {
        input: {
          quote: join(root, 'app/domain/pricing/quote.ts'),
          gazetteer: join(root, 'app/domain/places/gazetteer.ts'),
          distance: join(root, 'app/domain/distance/distance.ts'),
          prices: join(root, 'app/domain/pricing/builtin-price-list.ts'),
        },
        output: { format: 'esm', entryFileNames: '[name].mjs' },
      },
    },
  })
  const load = (name) => import(pathToFileURL(join(folder, `${name}.mjs`)).href)
  return {
    ...(await load('quote')),
    ...(await load('gazetteer')),
    ...(await load('distance')),
    ...(await load('prices')),
  }
}

/** Trips from both airports to every place and a few between places, at several hours. */
function trips({ places, priceEntry, builtinDistance, firstPrices }) {
  const airports = places.filter((place) => place.airport)
  const others = places.filter((place) => !place.airport)
  const times = ['03:30', '10:00', '17:45', '23:10']
  const inputs = []
  const add = (pickup, destination, index) => {
    const { km } = builtinDistance(pickup, destination, priceEntry, 1.3)
    inputs.push({
      pickup,
      destination,
      distanceKm: km,
      pickupTime: times[index % times.length],
      prices: firstPrices,
    })
  }
  others.forEach((place, index) => {
    for (const airport of airports) {
      add(airport, place, index)
      add(place, airport, index + 1)
    }
    add(place, others[(index + 7) % others.length], index + 2)
  })
  return inputs
}

/** Calls per second of fn over the inputs, for about `ms` milliseconds. */
function rate(fn, inputs, ms) {
  let calls = 0
  let sink = 0
  const started = performance.now()
  let elapsed = 0
  while (elapsed < ms) {
    for (let index = 0; index < inputs.length; index++) {
      const result = fn(inputs[index])
      sink += result.length
    }
    calls += inputs.length
    elapsed = performance.now() - started
  }
  // The sink keeps the calls from being optimised away.
  if (sink < 0) throw new Error('unreachable')
  return (calls / elapsed) * 1000
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** { quotesPerSecond, baselinePerSecond, trips } — medians of five one-second runs each. */
export async function measurePricing({ seconds = 1, runs = 5 } = {}) {
  // Inside the project, so the compiled modules find its packages (zod) as the server's do.
  const cache = join(root, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const folder = mkdtempSync(join(cache, 'mc-bench-pricing-'))
  try {
    const domain = await compileDomain(folder)
    const inputs = trips(domain)
    const quote = (input) => domain.quoteClasses(input)
    const trivialResult = [0]
    const trivial = (input) => (input.distanceKm > 0 ? trivialResult : inputs)
    // Warm both up so the optimising compiler has run before anything is counted.
    rate(quote, inputs, 300)
    rate(trivial, inputs, 300)
    const quotes = []
    const baseline = []
    for (let run = 0; run < runs; run++) {
      quotes.push(rate(quote, inputs, seconds * 1000))
      baseline.push(rate(trivial, inputs, seconds * 1000))
    }
    return {
      quotesPerSecond: median(quotes),
      baselinePerSecond: median(baseline),
      trips: inputs.length,
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
