import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import i18next from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { defaultLanguage, supportedLanguages, toLanguage } from '~/i18n/config'

/** Only the page's language is downloaded; the other loads when switched to. */
const loaders = {
  en: () => import('~/locales/en.json'),
  tr: () => import('~/locales/tr.json'),
}

async function hydrate() {
  // The server rendered <html lang>; hydrating in another language would mismatch.
  const language = toLanguage(document.documentElement.lang)
  const strings = await loaders[language]()
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...supportedLanguages],
    resources: { [language]: { translation: strings.default } },
    interpolation: { escapeValue: false },
    // A language switched without a reload (a booking step keeps its form):
    // the page renders again once the other language's strings have arrived.
    react: { bindI18nStore: 'added' },
  })
  i18next.on('languageChanged', async (next) => {
    const nextLanguage = toLanguage(next)
    if (!i18next.hasResourceBundle(nextLanguage, 'translation')) {
      const nextStrings = await loaders[nextLanguage]()
      i18next.addResourceBundle(nextLanguage, 'translation', nextStrings.default)
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
