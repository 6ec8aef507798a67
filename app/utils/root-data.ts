import { useRouteLoaderData } from 'react-router'
import type { loader } from '~/root'

export type RootData = Awaited<ReturnType<typeof loader>>

/** The root loader's data (language, settings, footer links), when it loaded. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root')
}

/** The site settings, for components rendered inside the root layout. */
export function useSite() {
  const root = useRootData()
  if (!root) throw new Error('useSite() needs the root loader data')
  return root.site
}
