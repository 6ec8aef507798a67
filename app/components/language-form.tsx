import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  languageNames,
  languageSearchParam,
  supportedLanguages,
  type Language,
} from '~/i18n/config'

/** The current address without `?lng=`, so the cookie decides after a switch. */
export function useReturnPath(): string {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.delete(languageSearchParam)
  const query = params.toString()
  return `${location.pathname}${query ? `?${query}` : ''}`
}

/**
 * The language switch: a plain POST form, so it works without JavaScript. The
 * resource route sets the cookie and redirects back here.
 */
export function LanguageForm({
  current,
  className,
  buttonClassName,
}: {
  current: Language
  className?: string
  buttonClassName?: string
}) {
  const { t } = useTranslation()
  const returnPath = useReturnPath()
  return (
    <form method="post" action="/resources/language" className={className}>
      <input type="hidden" name="redirectTo" value={returnPath} />
      {supportedLanguages.map((language) => (
        <button
          key={language}
          type="submit"
          name="lng"
          value={language}
          lang={language}
          className={buttonClassName}
          aria-current={language === current ? 'true' : undefined}
          aria-label={`${languageNames[language]}${language === current ? ` (${t('language.current')})` : ''}`}
        >
          <span className="language-code" aria-hidden="true">
            {language.toUpperCase()}
          </span>
          <span className="language-name">{languageNames[language]}</span>
        </button>
      ))}
    </form>
  )
}
