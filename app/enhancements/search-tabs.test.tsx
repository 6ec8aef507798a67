// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { RideSearch } from '~/components/route-search-form'
import { get, press } from '../../tests/support/dom-events'
import { renderServerMarkup } from '../../tests/support/server-markup'
import { enhance } from './search-tabs'

/** The home page's search as the server renders it, its tabs then set up. */
async function renderSearch(mode: 'transfer' | 'hourly' = 'transfer') {
  await renderServerMarkup(
    <RideSearch
      idPrefix="home-search"
      mode={mode}
      dateMin="2026-12-01"
      dateMax="2027-12-01"
      times={['09:00', '09:30']}
      hireHours={[4, 8]}
      hireIncludedKm={30}
      origin="home"
    />,
  )
  enhance([...document.querySelectorAll('[data-search-switch]')])
}

const tabs = () => [...document.querySelectorAll<HTMLAnchorElement>('.route-search__tab')]

/** The tab chosen, checked against the tab order, the panel shown and its class. */
function chosen(): string | undefined {
  const selected = tabs().filter((tab) => tab.getAttribute('aria-selected') === 'true')
  expect(selected).toHaveLength(1)
  const tab = selected[0]!
  expect(tabs().filter((each) => each.tabIndex === 0)).toEqual([tab])
  expect(tabs().filter((each) => each.classList.contains('is-active'))).toEqual([tab])
  const panels = tabs().map((each) => get(`#${each.getAttribute('aria-controls')}`))
  expect(panels.filter((panel) => !panel.hidden)).toEqual([
    get(`#${tab.getAttribute('aria-controls')}`),
  ])
  return tab.dataset.panel
}

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the search’s two forms', () => {
  it('become ARIA tabs, each controlling its form, the server’s choice shown', async () => {
    await renderSearch('hourly')
    expect(get('.route-search__tabs').getAttribute('role')).toBe('tablist')
    for (const tab of tabs()) {
      expect(tab.getAttribute('role')).toBe('tab')
      const panel = get(`#${tab.getAttribute('aria-controls')}`)
      expect(panel.getAttribute('role')).toBe('tabpanel')
      expect(panel.getAttribute('aria-labelledby')).toBe(tab.id)
    }
    expect(get('[data-search-switch]').classList.contains('is-enhanced')).toBe(true)
    expect(chosen()).toBe('hourly')
  })

  it('show the form the address points at', async () => {
    window.history.replaceState(null, '', '/#home-search-hourly')
    await renderSearch('transfer')
    expect(chosen()).toBe('hourly')
  })

  it('move with the arrow keys and Home/End, the focus following', async () => {
    await renderSearch()
    tabs()[0]!.focus()

    expect(press(tabs()[0]!, 'ArrowRight')).toBe(true)
    expect(chosen()).toBe('hourly')
    expect(document.activeElement).toBe(tabs()[1])

    press(tabs()[1]!, 'ArrowRight')
    expect(chosen()).toBe('transfer')
    expect(document.activeElement).toBe(tabs()[0])

    press(tabs()[0]!, 'ArrowLeft')
    expect(chosen()).toBe('hourly')

    expect(press(tabs()[1]!, 'Home')).toBe(true)
    expect(chosen()).toBe('transfer')
    expect(document.activeElement).toBe(tabs()[0])

    expect(press(tabs()[0]!, 'End')).toBe(true)
    expect(chosen()).toBe('hourly')
    expect(document.activeElement).toBe(tabs()[1])

    expect(press(tabs()[1]!, 'Enter')).toBe(false)
    expect(chosen()).toBe('hourly')
  })

  it('switch on a click without changing the address', async () => {
    await renderSearch()
    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    tabs()[1]!.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(chosen()).toBe('hourly')
    expect(window.location.hash).toBe('')
  })
})
