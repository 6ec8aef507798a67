import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import i18next from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { defaultLanguage, supportedLanguages, toLanguage, type Language } from '~/i18n/config'
import { interpolation } from '~/i18n/interpolation'

/**
 * Only the page's language is downloaded; the other loads when switched to.
 * The browser's copy leaves out the e-mails' texts and the staff pages' texts
 * (vite.config.ts), which load only on the staff pages.
 */
const loaders = {
  en: () => import('~/locales/en.json'),
  tr: () => import('~/locales/tr.json'),
}
const staffLoaders = {
  en: () => import('~/locales/en.json?staff'),
  tr: () => import('~/locales/tr.json?staff'),
}

const onStaffPages = () => /^\/ops(\/|$)/.test(window.location.pathname)

async function stringsOf(language: Language): Promise<Record<string, unknown>> {
  const [strings, staffStrings] = await Promise.all([
    loaders[language](),
    onStaffPages() ? staffLoaders[language]() : undefined,
  ])
  return { ...strings.default, ...staffStrings?.default }
}

async function hydrate() {
  // The server rendered <html lang>; hydrating in another language would mismatch.
  const language = toLanguage(document.documentElement.lang)
  const strings = await stringsOf(language)
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...supportedLanguages],
    resources: { [language]: { translation: strings } },
    interpolation,
    // A language switched without a reload (a booking step keeps its form):
    // the page renders again once the other language's strings have arrived.
    react: { bindI18nStore: 'added' },
  })
  i18next.on('languageChanged', async (next) => {
    const nextLanguage = toLanguage(next)
    if (!i18next.hasResourceBundle(nextLanguage, 'translation')) {
      i18next.addResourceBundle(nextLanguage, 'translation', await stringsOf(nextLanguage))
    }
  })

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

void hydrate()
