import { useEffect } from 'react'
import { useTranslation } from '~/i18n/use-translation'

/**
 * With JavaScript a refused form does not reload the page, so the title the
 * server builds ('Error: …' after a refused POST, in the page's language) is
 * kept in step here: the prefix while errors show, none once they are corrected.
 */
export function useErrorTitle(hasErrors: boolean) {
  const { t } = useTranslation()
  const prefix = t('meta.errorPrefix')
  useEffect(() => {
    const prefixed = document.title.startsWith(prefix)
    if (hasErrors && !prefixed) document.title = prefix + document.title
    if (!hasErrors && prefixed) document.title = document.title.slice(prefix.length)
  }, [hasErrors, prefix])
}
