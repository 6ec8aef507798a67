export interface TabPanel {
  id: string
  label: string
  content: React.ReactNode
}

/**
 * Tabs that are readable without JavaScript: every panel under its own
 * heading. The page's script (app/enhancements/tabs.ts) turns them into an
 * ARIA tablist; no page that shows them is hydrated by React.
 */
export function Tabs({ panels, label }: { panels: TabPanel[]; label: string }) {
  return (
    <div className="tabs tabs--static" data-tabs-label={label}>
      {panels.map((panel) => (
        <section key={panel.id} aria-labelledby={`tab-heading-${panel.id}`} className="tabs__panel">
          <h2 id={`tab-heading-${panel.id}`}>{panel.label}</h2>
          {panel.content}
        </section>
      ))}
    </div>
  )
}
