import { expect, test, type Page } from '@playwright/test'
import { routeSearchForm, tomorrowInIstanbul, waitForHydration } from './helpers'

// Maps enhancements need JavaScript; the no-js project checks the plain form elsewhere.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'needs JavaScript')

const mapsPort = Number(process.env.E2E_PORT ?? 3210) + 1

/**
 * A stand-in for the Maps JavaScript API: @googlemaps/js-api-loader uses an
 * existing google.maps.importLibrary instead of fetching the script, so the
 * page's own code runs against this. `failures` makes the first imports fail.
 */
async function installFakeMaps(page: Page, failures = 0) {
  await page.addInitScript((failuresBeforeSuccess: number) => {
    const calls = { imports: 0, predictions: [] as string[] }
    ;(window as unknown as { __maps: typeof calls }).__maps = calls
    const places = {
      AutocompleteSessionToken: class {},
      AutocompleteSuggestion: {
        fetchAutocompleteSuggestions: async ({ input }: { input: string }) => {
          calls.predictions.push(input)
          return {
            suggestions: [
              {
                placePrediction: {
                  text: { text: 'Kadıköy, İstanbul, Türkiye' },
                  placeId: 'kadikoy',
                },
              },
              {
                placePrediction: {
                  text: { text: 'Kadıköy İskelesi, İstanbul, Türkiye' },
                  placeId: 'pier',
                },
              },
            ],
          }
        },
      },
    }
    const leg = (km: number, minutes: number, instructions: string) => ({
      distance: { text: `${km} km`, value: km * 1000 },
      duration: { text: `${minutes} mins`, value: minutes * 60 },
      steps: [{ instructions }],
    })
    const routes = {
      DirectionsService: class {
        async route() {
          return {
            routes: [
              { summary: 'D100', warnings: [], legs: [leg(34, 45, 'Head east on D100')] },
              { summary: 'O-4 and TEM', warnings: [], legs: [leg(41, 40, 'Toll road ahead')] },
              {
                summary: 'Coast road',
                warnings: ['Road works'],
                legs: [leg(38, 55, 'Keep right')],
              },
            ],
          }
        }
      },
    }
    ;(window as unknown as { google: unknown }).google = {
      maps: {
        importLibrary: async (name: string) => {
          calls.imports++
          if (calls.imports <= failuresBeforeSuccess) throw new Error('network down')
          return name === 'places' ? places : routes
        },
      },
    }
  }, failures)
}

/** The home page with the fake Maps, its search filled in to SAW at 10:00 (tomorrow when `date`). */
async function fillHomeSearch(page: Page, pickup: string, { date = false } = {}) {
  await installFakeMaps(page)
  await page.goto('/')
  await waitForHydration(page)
  const form = routeSearchForm(page)
  await form.getByLabel('Pickup Location').fill(pickup)
  await form.getByLabel('Destination').fill('SAW')
  if (date) await form.getByLabel('Date', { exact: true }).fill(tomorrowInIstanbul())
  await form.getByLabel('Time', { exact: true }).selectOption('10:00')
  return form
}

test.describe('with a browser Maps key', () => {
  test.use({ baseURL: `http://localhost:${mapsPort}` })

  test('Places suggestions appear under the pickup field and fill it', async ({ page }) => {
    await installFakeMaps(page)
    await page.goto('/')
    // Typing before hydration reaches the plain field, whose suggestions never load.
    await waitForHydration(page)
    const pickup = routeSearchForm(page)
      .getByRole('combobox', { name: 'Pickup Location' })
      .or(routeSearchForm(page).getByLabel('Pickup Location'))
    await pickup.first().click()
    await routeSearchForm(page)
      .getByLabel('Pickup Location')
      .pressSequentially('Kad', { delay: 30 })
    const option = page.getByRole('option', { name: 'Kadıköy, İstanbul, Türkiye' })
    await expect(option).toBeVisible()
    // Debounced: one request for the three keystrokes.
    expect(
      await page.evaluate(
        () => (window as unknown as { __maps: { predictions: string[] } }).__maps.predictions,
      ),
    ).toEqual(['Kad'])
    await option.click()
    await expect(pickup).toHaveValue('Kadıköy, İstanbul, Türkiye')
  })

  test('the script load is retried after failures', async ({ page }) => {
    await installFakeMaps(page, 2)
    await page.goto('/')
    await waitForHydration(page)
    await routeSearchForm(page).getByLabel('Pickup Location').click()
    await routeSearchForm(page)
      .getByLabel('Pickup Location')
      .pressSequentially('Kad', { delay: 30 })
    // The suggestions list itself (the time select has options too). What was typed
    // while the script was still loading is asked for once it has loaded.
    const suggestions = page.getByRole('listbox', { name: 'Suggested places' })
    await expect(suggestions.getByRole('option').first()).toBeVisible()
    expect(
      await page.evaluate(
        () => (window as unknown as { __maps: { imports: number } }).__maps.imports,
      ),
    ).toBe(3)
  })

  test('Search offers the route alternatives, and Continue goes to the vehicle step preselected', async ({
    page,
  }) => {
    const form = await fillHomeSearch(page, 'Kadıköy, İstanbul, Türkiye', { date: true })
    await form.getByRole('button', { name: 'Search' }).click()

    const dialog = page.getByRole('dialog', { name: 'Available Route Alternatives' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('radio')).toHaveCount(3)
    await expect(dialog.getByRole('radio').first()).toBeChecked()
    await expect(dialog).toContainText('Route 2')
    await expect(dialog).toContainText('Likely includes toll roads')
    await expect(dialog).toContainText('Warning: Road works')
    await dialog.getByText('Route 2').click()
    await dialog.getByRole('button', { name: 'Continue' }).click()

    await expect(page).toHaveURL(/preselected=true/)
    const url = new URL(page.url())
    expect(url.searchParams.get('selectedRouteIndex')).toBe('1')
    expect(url.searchParams.get('distance')).toBe('41000')
    expect(url.searchParams.get('summary')).toBe('O-4 and TEM')
    // The server prices from its own distance, not the route's 41 km.
    await expect(page.locator('.offer__price strong')).toHaveCount(4)
    await expect(page.getByRole('region', { name: 'Your trip' })).toContainText('34 km')
  })

  test('the alternatives are modal: Tab stays inside, Escape closes, the focus is back on Search', async ({
    page,
  }) => {
    const form = await fillHomeSearch(page, 'Kadıköy, İstanbul, Türkiye')
    const search = form.getByRole('button', { name: 'Search' })
    await search.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Available Route Alternatives' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('radio').first()).toBeFocused()
    for (let press = 0; press < 8; press++) {
      await page.keyboard.press('Tab')
      expect(
        await page.evaluate(
          () =>
            document.activeElement === document.body || !!document.activeElement?.closest('dialog'),
        ),
      ).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(search).toBeFocused()
    // Cancel gives it back the same way.
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(search).toBeFocused()
  })

  test('Cancel closes the alternatives, and a place outside the area gets the apology first', async ({
    page,
  }) => {
    const form = await fillHomeSearch(page, 'Ankara, Türkiye')
    await form.getByRole('button', { name: 'Search' }).click()
    const apology = page.getByRole('dialog', { name: 'We are Sorry!' })
    await expect(apology).toContainText(
      'Istanbul, Bursa, Yalova, Kocaeli, Sapanca, Sakarya and Bolu',
    )
    await apology.getByRole('button', { name: 'Okay' }).click()
    await expect(apology).toBeHidden()

    await form.getByLabel('Pickup Location').fill('Taksim')
    await form.getByRole('button', { name: 'Search' }).click()
    const dialog = page.getByRole('dialog', { name: 'Available Route Alternatives' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
  })
})

test('without a key the Maps script is never requested', async ({ page }) => {
  const mapsRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('maps.googleapis.com')) mapsRequests.push(request.url())
  })
  await page.goto('/')
  await waitForHydration(page)
  await routeSearchForm(page).getByLabel('Pickup Location').click()
  await routeSearchForm(page).getByLabel('Pickup Location').pressSequentially('Kad', { delay: 30 })
  await page.waitForTimeout(500)
  expect(mapsRequests).toEqual([])
  expect(await page.evaluate(() => 'google' in window)).toBe(false)
  await expect(routeSearchForm(page).getByLabel('Pickup Location')).toHaveAttribute('list', /.+/)
})
