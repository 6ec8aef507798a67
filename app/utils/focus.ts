import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/**
 * False on the server and during hydration, true once the page's scripts run
 * it (at once for components mounted by a client-side navigation). What the
 * server renders for readers without JavaScript stays in place until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )
}

export { focusIsLost, moveFocusTo } from './move-focus'
