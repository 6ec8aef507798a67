// The search's two forms, 'Route' and 'By the hour' (components/route-search-form.tsx),
// as tabs. Without a script each tab is a link to its form and the form linked to
// shows (`:target`); with this one they are ARIA tabs: one form shows at a time,
// the arrow keys and Home/End move between the tabs, and the address does not change.

export function enhance(switches: Element[]) {
  for (const element of switches) {
    if (element instanceof HTMLElement) enhanceSwitch(element)
  }
}

function enhanceSwitch(root: HTMLElement) {
  const list = root.querySelector<HTMLElement>('.route-search__tabs')
  const tabs = [...root.querySelectorAll<HTMLAnchorElement>('.route-search__tab')]
  const panels = tabs.map((tab) => document.getElementById(tab.hash.slice(1)))
  if (!list || tabs.length < 2 || panels.some((panel) => !panel)) return

  // The form shown first: the one the address points at, else the server's choice.
  const targeted = panels.findIndex((panel) => panel && `#${panel.id}` === window.location.hash)
  const initial =
    targeted >= 0
      ? targeted
      : Math.max(
          0,
          tabs.findIndex((tab) => tab.classList.contains('is-active')),
        )

  list.setAttribute('role', 'tablist')
  tabs.forEach((tab, index) => {
    const panel = panels[index]!
    tab.id ||= `${panel.id}-tab`
    tab.setAttribute('role', 'tab')
    tab.setAttribute('aria-controls', panel.id)
    panel.setAttribute('role', 'tabpanel')
    panel.setAttribute('aria-labelledby', tab.id)
    tab.addEventListener('click', (event) => {
      event.preventDefault()
      select(index)
    })
    tab.addEventListener('keydown', (event) => {
      const next =
        event.key === 'ArrowRight'
          ? (index + 1) % tabs.length
          : event.key === 'ArrowLeft'
            ? (index - 1 + tabs.length) % tabs.length
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? tabs.length - 1
                : undefined
      if (next === undefined) return
      event.preventDefault()
      select(next)
      tabs[next]!.focus()
    })
  })
  root.classList.add('is-enhanced')
  select(initial)

  function select(chosen: number) {
    tabs.forEach((tab, index) => {
      const active = index === chosen
      tab.setAttribute('aria-selected', String(active))
      tab.tabIndex = active ? 0 : -1
      tab.classList.toggle('is-active', active)
      panels[index]!.hidden = !active
    })
  }
}
