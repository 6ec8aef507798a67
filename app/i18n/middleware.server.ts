import {
  createContext,
  createCookie,
  type MiddlewareFunction,
  type RouterContextProvider,
} from 'react-router'
import { LanguageDetector } from 'remix-i18next/server'
import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { getEnv } from '~/config/env.server'
import {
  defaultLanguage,
  isLanguage,
  languageSearchParam,
  supportedLanguages,
  toLanguage,
  type Language,
} from './config'
import { resources } from './resources'
import { keyCheckOptions } from './key-checks'
import { interpolation } from './interpolation'

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
 * language selector, then Accept-Language, then English. The render-once page
 * cache resolves a request's language with this same detector
 * (app/server/page-cache.server.ts), so a cached page is always the one the
 * site would have rendered.
 */
export const languageDetector = new LanguageDetector({
  supportedLanguages: [...supportedLanguages],
  fallbackLanguage: defaultLanguage,
  cookie: languageCookie,
  searchParamKey: languageSearchParam,
  order: ['searchParams', 'cookie', 'header'],
})

/** What a request's language depends on: `?lng=`, the Cookie header, Accept-Language. */
export interface LanguageInputs {
  searchParam: string | null
  cookie: string | null
  acceptLanguage: string | null
}

export function languageInputsOf(request: Request): LanguageInputs {
  return {
    searchParam: new URL(request.url).searchParams.get(languageSearchParam),
    cookie: request.headers.get('Cookie'),
    acceptLanguage: request.headers.get('Accept-Language'),
  }
}

/**
 * Detections already made, by their inputs. Detecting checks the cookie's
 * signature and parses Accept-Language through Intl on every call, while
 * visitors send few distinct combinations. Bounded: emptied when full.
 */
const detected = new Map<string, Language>()
const DETECTED_LIMIT = 1000

/** The language a request asks for, as every page resolves it. */
export async function detectLanguage(inputs: LanguageInputs): Promise<Language> {
  const key = `${inputs.searchParam ?? ''}\u0000${inputs.cookie ?? ''}\u0000${inputs.acceptLanguage ?? ''}`
  const known = detected.get(key)
  if (known) return known
  // The detector reads a Request (it checks `instanceof Request`).
  const url = new URL('http://localhost/')
  if (inputs.searchParam !== null) url.searchParams.set(languageSearchParam, inputs.searchParam)
  const headers = new Headers()
  if (inputs.cookie !== null) headers.set('Cookie', inputs.cookie)
  if (inputs.acceptLanguage !== null) headers.set('Accept-Language', inputs.acceptLanguage)
  const language = toLanguage(await languageDetector.detect(new Request(url, { headers })))
  if (detected.size >= DETECTED_LIMIT) detected.clear()
  detected.set(key, language)
  return language
}

/**
 * One i18next instance per language, made once: the strings never change while
 * the process runs, and each instance stays in its own language (nothing calls
 * changeLanguage on it), so requests in different languages can share them
 * safely, instead of creating and initialising an instance for every request.
 */
const instances = new Map<Language, Promise<i18n>>()

function i18nFor(language: Language): Promise<i18n> {
  let instance = instances.get(language)
  if (!instance) {
    const created = createInstance({
      resources,
      lng: language,
      supportedLngs: [...supportedLanguages],
      fallbackLng: defaultLanguage,
      interpolation,
      // Under test a missing key, or one naming a group of keys, throws.
      ...keyCheckOptions(),
    }).use(initReactI18next)
    instance = created.init().then(() => created)
    instances.set(language, instance)
  }
  return instance
}

const languageContext = createContext<Language>()
const i18nContext = createContext<i18n>()

/** Puts the request's language and that language's shared i18next instance in the context. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const language = await detectLanguage(languageInputsOf(request))
  context.set(languageContext, language)
  context.set(i18nContext, await i18nFor(language))
  return next()
}

export const getLanguage = (context: Readonly<RouterContextProvider>): Language =>
  context.get(languageContext)
export const getI18n = (context: Readonly<RouterContextProvider>): i18n => context.get(i18nContext)

/** The shared instance of a language, for a render no route's middleware ran for. */
export const sharedI18n = i18nFor

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
