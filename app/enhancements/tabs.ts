// Tabs (components/tabs.tsx): the server renders every panel under its own
// heading, readable without a script; here they become an ARIA tablist: one tab
// per panel (named by its heading, which the tab replaces), the first one shown,
// a click, the arrow keys or Home/End choosing another, the chosen tab alone in
// the Tab order.

export function enhance(groups: Element[]) {
  for (const group of groups) {
    if (group instanceof HTMLElement) makeTabs(group)
  }
}

function makeTabs(group: HTMLElement) {
  const sections = [...group.querySelectorAll<HTMLElement>(':scope > .tabs__panel')]
  const list = document.createElement('div')
  list.setAttribute('role', 'tablist')
  list.setAttribute('aria-label', group.dataset.tabsLabel ?? '')
  list.className = 'tabs__list'
  const tabs = sections.map((section, index) => {
    const heading = section.querySelector(':scope > h2')
    const id = (heading?.id ?? `tab-heading-${index}`).replace(/^tab-heading-/, '')
    const tab = document.createElement('button')
    tab.type = 'button'
    tab.id = `tab-${id}`
    tab.className = 'tabs__tab'
    tab.setAttribute('role', 'tab')
    tab.setAttribute('aria-controls', `panel-${id}`)
    tab.textContent = heading?.textContent ?? ''
    heading?.remove()
    section.id = `panel-${id}`
    section.setAttribute('role', 'tabpanel')
    section.setAttribute('aria-labelledby', tab.id)
    section.tabIndex = 0
    list.append(tab)
    return tab
  })
  const choose = (chosen: number) => {
    tabs.forEach((tab, index) => {
      tab.setAttribute('aria-selected', String(index === chosen))
      tab.tabIndex = index === chosen ? 0 : -1
      sections[index]!.hidden = index !== chosen
    })
  }
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => choose(index))
    tab.addEventListener('keydown', (event) => {
      const next = nextTab(event.key, index, tabs.length)
      if (next === undefined) return
      // The key moves between the tabs only: the page does not scroll with it.
      event.preventDefault()
      choose(next)
      tabs[next]!.focus()
    })
  })
  choose(0)
  group.classList.remove('tabs--static')
  group.prepend(list)
}

/** The tab a key moves to from tab `index`: the arrows go round, Home and End go to the ends. */
function nextTab(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count
  if (key === 'ArrowLeft') return (index - 1 + count) % count
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return undefined
}
