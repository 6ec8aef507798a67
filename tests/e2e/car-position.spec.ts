import { expect, test, type Browser } from '@playwright/test'
import { expectNoAxeViolations, openIn } from './helpers'
import { openServerDatabase } from './database'
import { assignNewDriver, boardPassenger, newAccount, signIn } from './staff-helpers'
import { istanbulPickupIn, payBookingOverHttp } from './traveller-helpers'

/**
 * The car while it comes: the driver shares where they are from a phone-sized
 * jobs page (with JavaScript the phone's own position, by one press and then
 * by itself; without, a place they name), the traveller reads how far it is
 * in words, dispatch sees every car on the road, and the position is gone
 * once the passenger is on board. Another driver's post is refused.
 */

/** Beşiktaş pier, where the driver is when they set off. */
const besiktas = { latitude: 41.0422, longitude: 29.0083 }
/** On the O-1 ring road, later. */
const ringRoad = { latitude: 41.0301, longitude: 29.0412 }

async function staffPage(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
  phone: boolean,
  js: boolean,
) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: js,
    ...(phone ? { viewport: { width: 390, height: 844 } } : {}),
    // The driver's consent, as their phone's browser would ask it.
    ...(phone && js ? { geolocation: besiktas, permissions: ['geolocation'] } : {}),
  })
  const page = await context.newPage()
  await page.goto('/ops/sign-in')
  await signIn(page, account.email, account.password)
  return page
}

test('the driver shares where the car is; the traveller and dispatch see it until the ride starts', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000)
  const js = testInfo.project.name === 'js'
  const reference = await payBookingOverHttp(page.request, istanbulPickupIn(js ? 3 : 3.5))
  const admin = newAccount(testInfo, 'admin', 'car-admin')
  const driverAccount = newAccount(testInfo, 'driver', 'car-driver')
  const otherDriverAccount = newAccount(testInfo, 'driver', 'car-other')
  const office = await staffPage(browser, baseURL!, admin, false, js)
  await assignNewDriver(office, reference, {
    name: js ? 'Oğuz Tan' : 'Levent Sarı',
    phone: '+90 533 444 55 66',
    plate: js ? '34 CP 301' : '34 CP 302',
    signInLabel: `E2E car-driver (${driverAccount.email})`,
  })

  const driver = await staffPage(browser, baseURL!, driverAccount, true, js)
  const job = driver.getByRole('listitem').filter({ hasText: reference })
  // Nothing to share before the ride is under way.
  await expect(job.getByRole('region', { name: 'Share where you are' })).toHaveCount(0)
  await job.getByRole('button', { name: 'I am on my way' }).click()
  const share = job.getByRole('region', { name: 'Share where you are' })
  await expect(share).toContainText('Not shared yet')

  if (js) {
    // The place field is for a phone that gives no position: hidden while this one does.
    await expect(share.getByLabel('Where are you now?')).toBeHidden()
    await share.getByRole('button', { name: 'Share my position' }).click()
    await expect(driver.getByRole('status').first()).toHaveText(
      'Your position was shared with the traveller and dispatch.',
    )
    await expect(share).toContainText(/Last shared at \d{2}:\d{2} \(your phone's position\)/)
    // Then by itself, every 20 seconds, once the driver says so.
    await driver.context().setGeolocation(ringRoad)
    const auto = share.getByRole('button', { name: 'Share it every 20 seconds' })
    await auto.click()
    await expect(share.getByRole('button', { name: 'Stop sharing' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(share.getByRole('status')).toHaveText(/Shared by itself at \d{2}:\d{2}/)
  } else {
    // Without a script the driver names where they are; a place unknown is refused beside it.
    const place = share.getByLabel('Where are you now?')
    await share.getByRole('button', { name: 'Share my position' }).click()
    await expect(place).toHaveAccessibleDescription(/Name the place where you are/)
    await place.fill('Nowhere Town')
    await share.getByRole('button', { name: 'Share my position' }).click()
    await expect(place).toHaveAttribute('aria-invalid', 'true')
    await expect(place).toHaveValue('Nowhere Town')
    await expect(place).toHaveAccessibleDescription(/We do not know this place/)
    await expect(driver).toHaveTitle(/^Error: /)
    await expectNoAxeViolations(driver, testInfo)
    await place.fill('Beşiktaş')
    await share.getByRole('button', { name: 'Share my position' }).click()
    await expect(share).toContainText(/Last shared at \d{2}:\d{2}, as the place you named\./)
  }
  await expectNoAxeViolations(driver, testInfo)
  const stored = openServerDatabase()
  const row = stored
    .prepare(
      `select lat, lng, source from ride_positions
        where booking_id = (select id from bookings where reference = ?)`,
    )
    .get(reference) as { lat: number; lng: number; source: string }
  expect(row.source).toBe(js ? 'device' : 'place')
  if (js) expect(row).toMatchObject({ lat: ringRoad.latitude, lng: ringRoad.longitude })

  // Another driver posting a position for this ride is refused, and nothing changes.
  const other = await staffPage(browser, baseURL!, otherDriverAccount, false, false)
  const forged = await other.request.post('/ops/jobs/position', {
    form: { reference, lat: '40.99', lng: '29.02' },
    headers: { Origin: baseURL! },
  })
  expect(forged.status()).toBe(403)
  await other.context().close()
  // A driver sees their own jobs, not every car on the road.
  expect((await driver.request.get('/ops/cars')).status()).toBe(403)
  // A stranger is sent to sign in.
  const stranger = await page.request.post('/ops/jobs/position', {
    form: { reference, lat: '40.99', lng: '29.02' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(stranger.status()).toBe(302)

  // The traveller reads how far the car is, in words (no map on a site without a key).
  await page.goto('/booking-received')
  const ride = page.getByRole('region', { name: 'Your ride', exact: true })
  await expect(ride).toContainText(
    /The car is [\d.]+ km from the pickup, about \d+ minutes away\. Position sent at \d{2}:\d{2}\./,
  )
  await expect(page.getByRole('region', { name: 'Map of the car and the pickup' })).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)
  await openIn(page, '/booking-received', 'tr')
  await expect(page.getByRole('region', { name: 'Yolculuğunuz', exact: true })).toContainText(
    /Araç alış noktasına [\d,]+ km uzaklıkta, yaklaşık \d+ dakika\./,
  )
  const status = await (await page.request.get('/booking-status')).json()
  expect(status.car).toMatchObject({ map: null })

  // Dispatch sees the car among those on the road, with a link to its position.
  await office.goto('/ops/cars')
  const car = office.getByRole('row').filter({ hasText: reference })
  await expect(car).toContainText(js ? 'Near ' : 'At Beşiktaş, as the driver named it')
  await expect(car).toContainText(/km from the pickup, about \d+ minutes/)
  await expect(car.getByRole('link', { name: `Open ${reference} in maps` })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=41\.\d+,29\.\d+$/,
  )
  await expect(office.getByRole('main')).toContainText('No map on this site: it has no Maps key.')
  await expectNoAxeViolations(office, testInfo)

  // Arrived, then on board: from then on the car's position is kept nowhere.
  await job.getByRole('button', { name: 'I have arrived' }).click()
  const code = stored
    .prepare('select pickup_code from bookings where reference = ?')
    .get(reference) as { pickup_code: string }
  await boardPassenger(job, code.pickup_code)
  await expect(job).toContainText('Status: Passenger on board')
  await expect(job.getByRole('region', { name: 'Share where you are' })).toHaveCount(0)
  const left = stored
    .prepare(
      `select count(*) as count from ride_positions
        where booking_id = (select id from bookings where reference = ?)`,
    )
    .get(reference) as { count: number }
  expect(left.count).toBe(0)
  stored.close()
  await office.reload()
  await expect(office.getByRole('row').filter({ hasText: reference })).toHaveCount(0)
  await driver.context().close()
  await office.context().close()
})

/**
 * A stand-in for the Maps JavaScript API (the loader uses an existing
 * google.maps.importLibrary): it records the maps drawn and where each
 * marker is, so the test reads what the page asked the map to show.
 */
async function installRecordingMaps(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    type Point = { lat: number; lng: number }
    const drawn = { maps: 0, markers: [] as { title: string; position: Point; shown: boolean }[] }
    ;(window as unknown as { __drawn: typeof drawn }).__drawn = drawn
    class Marker {
      record: { title: string; position: Point; shown: boolean }
      constructor(options: { position: Point; title: string }) {
        this.record = { title: options.title, position: options.position, shown: true }
        drawn.markers.push(this.record)
      }
      setPosition(position: Point) {
        this.record.position = position
      }
      getPosition() {
        return this.record.position
      }
      setMap(map: unknown) {
        this.record.shown = map !== null
      }
    }
    const libraries: Record<string, unknown> = {
      maps: {
        Map: class {
          constructor() {
            drawn.maps++
          }
          fitBounds() {}
          setCenter() {}
        },
      },
      marker: { Marker },
      core: {
        LatLngBounds: class {
          extend() {}
        },
      },
    }
    ;(window as unknown as { google: unknown }).google = {
      maps: { importLibrary: async (name: string) => libraries[name] },
    }
  })
}

test('on a site with a Maps key, the car is drawn on the traveller’s map and on dispatch’s', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'js', 'the maps need JavaScript; the words are tested above')
  test.setTimeout(240_000)
  const mapsPort = Number(process.env.E2E_PORT ?? 3210) + 1
  const baseURL = `http://localhost:${mapsPort}`
  const traveller = await (await browser.newContext({ baseURL })).newPage()
  const reference = await payBookingOverHttp(traveller.request, istanbulPickupIn(3))
  const admin = newAccount(testInfo, 'admin', 'map-admin', mapsPort)
  const driverAccount = newAccount(testInfo, 'driver', 'map-driver', mapsPort)
  const office = await staffPage(browser, baseURL, admin, false, true)
  await assignNewDriver(office, reference, {
    name: 'Cem Ak',
    phone: '+90 533 777 88 99',
    plate: '34 MP 401',
    signInLabel: `E2E map-driver (${driverAccount.email})`,
  })
  const driver = await staffPage(browser, baseURL, driverAccount, true, true)
  const job = driver.getByRole('listitem').filter({ hasText: reference })
  await job.getByRole('button', { name: 'I am on my way' }).click()
  const share = job.getByRole('region', { name: 'Share where you are' })
  // Once the page's script has taken the form, the place field hides (the phone gives
  // its position); a press before that would send the form without one.
  await expect(share.getByLabel('Where are you now?')).toBeHidden()
  await share.getByRole('button', { name: 'Share my position' }).click()
  await expect(job).toContainText(/Last shared at \d{2}:\d{2}/)

  await installRecordingMaps(traveller)
  await traveller.goto('/booking-received')
  const map = traveller.getByRole('region', { name: 'Map of the car and the pickup' })
  await expect(map).toBeVisible()
  const markers = () =>
    traveller.evaluate(
      () => (window as unknown as { __drawn: { markers: unknown[] } }).__drawn.markers,
    )
  await expect.poll(markers).toEqual([
    {
      title: 'Your car',
      position: { lat: besiktas.latitude, lng: besiktas.longitude },
      shown: true,
    },
    {
      title: 'Pickup',
      position: expect.objectContaining({ lat: expect.any(Number) }),
      shown: true,
    },
  ])
  // The car moves; the page's next status (asked at once when the tab comes back) moves its marker.
  await driver.context().setGeolocation(ringRoad)
  await job.getByRole('button', { name: 'Share my position' }).click()
  await expect(driver.getByRole('status').first()).toHaveText(
    'Your position was shared with the traveller and dispatch.',
  )
  // The driver's status line reads the same after the first share: the second one may
  // still be on its way, so each look brings the tab back, and the page asks again.
  await expect
    .poll(async () => {
      await traveller.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      return ((await markers()) as { position: unknown }[])[0]!.position
    })
    .toEqual({ lat: ringRoad.latitude, lng: ringRoad.longitude })
  await expectNoAxeViolations(traveller, testInfo)

  // Dispatch: one map with a marker per car that has a position, titled with its ride.
  await installRecordingMaps(office)
  await office.goto('/ops/cars')
  await expect(office.getByRole('region', { name: 'Map of the cars on the road' })).toBeVisible()
  await expect
    .poll(() =>
      office.evaluate(() =>
        (window as unknown as { __drawn: { markers: { title: string }[] } }).__drawn.markers.map(
          (marker) => marker.title,
        ),
      ),
    )
    .toContainEqual(`${reference}: Cem Ak, Mercedes-Benz Vito, 34 MP 401`)
  await expectNoAxeViolations(office, testInfo)
  await Promise.all([traveller, office, driver].map((page) => page.context().close()))
})
