// @vitest-environment happy-dom
import type { ComponentProps } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { remainingUntil } from '~/content/countdown'
import { getSiteSettings } from '~/config/site.server'
import ComingSoon from '~/routes/site/coming-soon'
import { get } from '../../tests/support/dom-events'
import { renderServerMarkup } from '../../tests/support/server-markup'
import { enhance } from './countdown'

const launchAt = '2027-01-01T00:00:00.000Z'

/** The coming-soon page as the server renders it at `now`, its countdown then started. */
async function renderAt(now: string) {
  vi.setSystemTime(new Date(now))
  const loaderData = {
    site: getSiteSettings(),
    launchAt,
    remaining: remainingUntil(new Date(launchAt), new Date()),
  }
  // Only what the page reads of its route's props.
  const props = { loaderData } as unknown as ComponentProps<typeof ComingSoon>
  await renderServerMarkup(<ComingSoon {...props} />)
  enhance([...document.querySelectorAll('[data-countdown]')])
}

const units = () =>
  Object.fromEntries(
    [...document.querySelectorAll<HTMLElement>('[data-unit]')].map((unit) => [
      unit.dataset.unit,
      unit.textContent,
    ]),
  )

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the coming-soon countdown', () => {
  it('counts down each second, two digits a unit', async () => {
    await renderAt('2026-12-30T22:58:58.000Z')
    expect(units()).toEqual({ days: '01', hours: '01', minutes: '01', seconds: '02' })

    vi.advanceTimersByTime(1000)
    expect(units()).toEqual({ days: '01', hours: '01', minutes: '01', seconds: '01' })

    vi.advanceTimersByTime(2000)
    expect(units()).toEqual({ days: '01', hours: '01', minutes: '00', seconds: '59' })
  })

  it('goes at the launch, the heading saying so in the server’s words', async () => {
    await renderAt('2026-12-31T23:59:58.000Z')
    const done = get('[data-countdown]').dataset.done
    expect(get('#coming-soon-title').textContent).not.toBe(done)

    vi.advanceTimersByTime(2000)

    expect(document.querySelector('[data-countdown]')).toBeNull()
    expect(get('#coming-soon-title').textContent).toBe(done)
    // It stopped: no tick is left to run.
    expect(vi.getTimerCount()).toBe(0)
  })
})
