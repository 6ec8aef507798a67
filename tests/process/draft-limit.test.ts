import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scratchFolder, startServer, type RunningServer } from './server-process'

const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
const trip = { date, time: '10:00', pickup: 'SAW', destination: 'Şile' }

function hidden(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!match) throw new Error(`no hidden field ${name}`)
  return match[1]!
}

/** 'Select' as a browser without JavaScript posts it, from one client address, without cookies. */
async function select(site: string, client: string, form: Record<string, string>, query = '') {
  return fetch(`${site}/booking-vehicle${query}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': client,
    },
    body: new URLSearchParams(form),
  })
}

describe('new booking drafts per client address, across two instances', () => {
  let instances: RunningServer[] = []
  let form: Record<string, string>

  beforeAll(async () => {
    const env = {
      DATABASE_URL: join(scratchFolder(), 'shared.sqlite'),
      // One proxy hop in front: the client address is X-Forwarded-For's.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    }
    instances = [await startServer(env)]
    instances.push(await startServer(env))
    const page = await fetch(`${instances[0]!.url}/booking-vehicle?${new URLSearchParams(trip)}`)
    const html = await page.text()
    form = {
      ...trip,
      currency: hidden(html, 'currency'),
      shownPrice: hidden(html, 'shownPrice'),
      vehicleClass: /<button type="submit" value="([^"]+)"[^>]*name="vehicleClass"/.exec(html)![1]!,
    }
  })
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()))
  })

  it('takes 30 in ten minutes from one address, then answers 429 in the page’s language, keeping the choice', async () => {
    const [first, second] = instances as [RunningServer, RunningServer]
    const client = '203.0.113.7'
    for (let index = 0; index < 30; index++) {
      // Each Select from its own page view (its own nonce), alternating between instances.
      const site = index % 2 ? second.url : first.url
      const answer = await select(site, client, { ...form, page: `view-${index}-abcdefghijklmnop` })
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe('/booking-extra')
    }

    const refused = await select(first.url, client, { ...form, page: 'view-31-abcdefghijklmnop' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('set-cookie') ?? '').not.toContain('booking=')
    const html = await refused.text()
    expect(html).toContain('You have started many bookings from this connection')
    // The form is kept: the trip, the prices and every Select button are still there.
    expect(html).toContain(`name="pickup" value="SAW"`)
    expect(html).toContain(`name="shownPrice" value="${form.shownPrice}"`)
    expect(html.match(/name="vehicleClass"/g)?.length).toBeGreaterThanOrEqual(1)
    expect(html).toMatch(/<title>Error: /)

    const turkish = await select(
      second.url,
      client,
      { ...form, page: 'view-32-abcdefghijklmnop' },
      '?lng=tr',
    )
    expect(turkish.status).toBe(429)
    expect(await turkish.text()).toContain(
      'Bu bağlantıdan son birkaç dakikada çok sayıda rezervasyon',
    )

    // Another address is served as usual.
    const other = await select(second.url, '203.0.113.8', {
      ...form,
      page: 'view-other-abcdefghijkl',
    })
    expect(other.status).toBe(303)
  })
})
