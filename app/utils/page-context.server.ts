import { createContext, type RouterContextProvider } from 'react-router'
import { getI18n, getLanguage } from '~/i18n/middleware.server'
import { toLanguage } from '~/i18n/config'
import { getSiteSettings } from '~/config/site.server'
import { pageMeta, type PageMetaOptions, type PageName } from '~/seo/meta.server'
import { sharedTranslator } from '~/i18n/memoized-translator'

/**
 * Set by an action whose form was refused, on every page (traveller's or
 * staff's). On a form POST the page's loaders run in the same request, so the
 * title they build starts with 'Error: ' in the page's language (actions cannot
 * reach the meta function directly).
 */
const formRefused = createContext<boolean>(false)

export function markFormRefused(context: Readonly<RouterContextProvider>) {
  context.set(formRefused, true)
}

/** Whether this request's action refused its form: its page's title says so. */
export function formWasRefused(context: Readonly<RouterContextProvider>): boolean {
  return context.get(formRefused)
}

/**
 * What every loader needs: the request's language, its translator, the site
 * settings and a meta builder bound to this request.
 */
export function pageContext(context: Readonly<RouterContextProvider>, request: Request) {
  const i18n = getI18n(context)
  const language = toLanguage(getLanguage(context))
  const site = getSiteSettings()
  const t = sharedTranslator(i18n, language)
  const meta = (page: PageName, options: Partial<PageMetaOptions> = {}) =>
    pageMeta(page, {
      language,
      site,
      i18n,
      request,
      ...options,
      errorTitle: options.errorTitle || formWasRefused(context),
    })
  return { i18n, language, site, t, meta }
}
