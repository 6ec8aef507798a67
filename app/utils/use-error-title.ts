import { useEffect } from 'react'

const prefix = 'Error: '

/**
 * With JavaScript a refused form does not reload the page, so the title the
 * server builds ('Error: …' after a refused POST) is set here while errors show.
 */
export function useErrorTitle(hasErrors: boolean) {
  useEffect(() => {
    if (!hasErrors || document.title.startsWith(prefix)) return
    document.title = prefix + document.title
    return () => {
      if (document.title.startsWith(prefix)) document.title = document.title.slice(prefix.length)
    }
  }, [hasErrors])
}
