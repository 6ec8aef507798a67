// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { Tabs } from '~/components/tabs'
import { get, press } from '../../tests/support/dom-events'
import { renderServerMarkup } from '../../tests/support/server-markup'
import { enhance } from './tabs'

const panels = [
  { id: 'airport', label: 'Airport', content: <p>Airport rules</p> },
  { id: 'city', label: 'City', content: <p>City rules</p> },
  { id: 'hourly', label: 'By the hour', content: <p>Hourly rules</p> },
]

const tabs = () => [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')]

/** Which tab is chosen, as the attributes and the panels say it; each must agree. */
function chosen(): string {
  const selected = tabs().filter((tab) => tab.getAttribute('aria-selected') === 'true')
  const inTabOrder = tabs().filter((tab) => tab.tabIndex === 0)
  const shown = [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter(
    (panel) => !panel.hidden,
  )
  expect(selected).toHaveLength(1)
  expect(inTabOrder).toEqual(selected)
  expect(shown.map((panel) => panel.id)).toEqual([selected[0]!.getAttribute('aria-controls')])
  return selected[0]!.textContent ?? ''
}

beforeEach(async () => {
  await renderServerMarkup(<Tabs panels={panels} label="Rules" />)
  enhance([...document.querySelectorAll('.tabs.tabs--static')])
})

describe('the static tabs', () => {
  it('become a tablist named by the server, one tab per panel, the first chosen', () => {
    const list = get('[role="tablist"]')
    expect(list.getAttribute('aria-label')).toBe('Rules')
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Airport', 'City', 'By the hour'])
    // The tab names its panel instead of the panel's heading.
    expect(document.querySelector('.tabs__panel > h2')).toBeNull()
    const panel = get('#panel-city')
    expect(panel.getAttribute('aria-labelledby')).toBe('tab-city')
    expect(get(`#${panel.getAttribute('aria-labelledby')}`).getAttribute('aria-controls')).toBe(
      'panel-city',
    )
    expect(chosen()).toBe('Airport')
  })

  it('move with the arrow keys, round the ends, the focus following', () => {
    tabs()[0]!.focus()

    expect(press(tabs()[0]!, 'ArrowRight')).toBe(true)
    expect(chosen()).toBe('City')
    expect(document.activeElement).toBe(tabs()[1])

    press(tabs()[1]!, 'ArrowLeft')
    press(tabs()[0]!, 'ArrowLeft')
    expect(chosen()).toBe('By the hour')
    expect(document.activeElement).toBe(tabs()[2])

    press(tabs()[2]!, 'ArrowRight')
    expect(chosen()).toBe('Airport')
  })

  it('go to the first and the last tab with Home and End', () => {
    tabs()[1]!.focus()

    expect(press(tabs()[1]!, 'End')).toBe(true)
    expect(chosen()).toBe('By the hour')
    expect(document.activeElement).toBe(tabs()[2])

    expect(press(tabs()[2]!, 'Home')).toBe(true)
    expect(chosen()).toBe('Airport')
    expect(document.activeElement).toBe(tabs()[0])
  })

  it('leave other keys to the page', () => {
    expect(press(tabs()[0]!, 'Enter')).toBe(false)
    expect(press(tabs()[0]!, 'ArrowDown')).toBe(false)
    expect(chosen()).toBe('Airport')
  })

  it('choose a tab clicked', () => {
    tabs()[2]!.click()
    expect(chosen()).toBe('By the hour')
    expect(get('#panel-hourly').textContent).toBe('Hourly rules')
  })
})
