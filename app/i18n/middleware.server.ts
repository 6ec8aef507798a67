import { createCookie, type MiddlewareFunction } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next/middleware'
import { initReactI18next } from 'react-i18next'
import { getEnv } from '~/config/env.server'
import { defaultLanguage, isLanguage, languageSearchParam, supportedLanguages } from './config'
import { resources } from './resources'

const env = getEnv()

/** The traveller's chosen language; signed so it is only ever one we set. */
export const languageCookie = createCookie('lng', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  // Secure whenever the site is served over HTTPS (browsers drop Secure cookies on plain http hosts).
  secure: env.PUBLIC_BASE_URL.startsWith('https:'),
  secrets: env.SESSION_SECRET,
  maxAge: 60 * 60 * 24 * 365,
})

/**
 * Detection order: `?lng=` (the hreflang alternates), then the cookie set by the
 * language selector, then Accept-Language, then English.
 */
export const [i18nextMiddleware, getLanguage, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    searchParamKey: languageSearchParam,
    order: ['searchParams', 'cookie', 'header'],
  },
  i18next: {
    resources,
    supportedLngs: [...supportedLanguages],
    fallbackLng: defaultLanguage,
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
})

/**
 * A page opened with `?lng=` (a hreflang alternate, a shared link) keeps its
 * language for the rest of the visit: the choice is remembered in the same
 * cookie the language selector sets, so the next page, a form POST or the
 * booking steps do not fall back to the browser's language.
 */
export const rememberLanguageFromUrl: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next()
  if (request.method !== 'GET') return response
  const requested = new URL(request.url).searchParams.get(languageSearchParam)
  if (!isLanguage(requested)) return response
  const current: unknown = await languageCookie.parse(request.headers.get('Cookie'))
  if (current !== requested) {
    try {
      response.headers.append('Set-Cookie', await languageCookie.serialize(requested))
    } catch {
      // A response with immutable headers (a static redirect): nothing to remember.
    }
  }
  return response
}
