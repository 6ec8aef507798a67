import type { ReactNode } from 'react'

/**
 * A staff table that may be wider than a phone: a focusable region named by
 * the table's caption, which scrolls sideways on its own (keyboard users
 * scroll it with the arrow keys once it has the focus).
 */
export function OpsTable({
  id,
  caption,
  className,
  children,
}: {
  /** The caption's id, which names the region. */
  id: string
  caption: string
  className?: string
  /** The table's head and body. */
  children: ReactNode
}) {
  return (
    <div className="ops-table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
      <table className={className ? `ops-table ${className}` : 'ops-table'}>
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </div>
  )
}
