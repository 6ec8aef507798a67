import { useEffect, useState } from 'react'

export interface TabPanel {
  id: string
  label: string
  content: React.ReactNode
}

/**
 * Tabs that are readable without JavaScript: the server renders every panel
 * under its own heading; once hydrated they become an ARIA tablist.
 */
export function Tabs({ panels, label }: { panels: TabPanel[]; label: string }) {
  const [enhanced, setEnhanced] = useState(false)
  const [active, setActive] = useState(panels[0]?.id)
  useEffect(() => setEnhanced(true), [])

  if (!enhanced) {
    return (
      <div className="tabs tabs--static" data-tabs-label={label}>
        {panels.map((panel) => (
          <section
            key={panel.id}
            aria-labelledby={`tab-heading-${panel.id}`}
            className="tabs__panel"
          >
            <h2 id={`tab-heading-${panel.id}`}>{panel.label}</h2>
            {panel.content}
          </section>
        ))}
      </div>
    )
  }

  const move = (event: React.KeyboardEvent, index: number) => {
    const offset = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!offset) return
    const next = panels[(index + offset + panels.length) % panels.length]!
    setActive(next.id)
    document.getElementById(`tab-${next.id}`)?.focus()
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {panels.map((panel, index) => (
          <button
            key={panel.id}
            id={`tab-${panel.id}`}
            type="button"
            role="tab"
            aria-selected={active === panel.id}
            aria-controls={`panel-${panel.id}`}
            tabIndex={active === panel.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => setActive(panel.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {panel.label}
          </button>
        ))}
      </div>
      {panels.map((panel) => (
        <div
          key={panel.id}
          id={`panel-${panel.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${panel.id}`}
          hidden={active !== panel.id}
          className="tabs__panel"
          tabIndex={0}
        >
          {panel.content}
        </div>
      ))}
    </div>
  )
}
