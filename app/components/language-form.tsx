import { useEffect, useRef } from 'react'
import { languageNames, supportedLanguages, type Language } from '~/i18n/config'
import { languageSwitchField, useReturnPath, useTypedFieldsForm } from './language-switch'

export { useReturnPath } from './language-switch'

/**
 * The language switch: a plain POST form, so it works without JavaScript. The
 * resource route sets the cookie and redirects back here. On a page whose form
 * holds typed fields (a booking step), each button submits that form instead,
 * unchecked, to the page's own action, which keeps what was typed and comes
 * back in the other language (docs/language-switch.md).
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
  const returnPath = useReturnPath()
  const typedFieldsForm = useTypedFieldsForm()
  const form = useRef<HTMLFormElement>(null)

  // With JavaScript a switch on a booking step stays on the page: the menu
  // it was made from closes, as a new page would have it.
  const shownLanguage = useRef(current)
  useEffect(() => {
    if (shownLanguage.current === current) return
    shownLanguage.current = current
    const popover = form.current?.closest<HTMLElement>('[popover]')
    if (popover?.matches(':popover-open')) popover.hidePopover()
    // The phone menu is a modal dialog.
    form.current?.closest('dialog')?.close()
  }, [current])

  const switchTarget = typedFieldsForm
    ? {
        name: languageSwitchField,
        form: typedFieldsForm,
        formAction: returnPath,
        formMethod: 'post',
        formNoValidate: true,
      }
    : { name: 'lng' }
  return (
    <form method="post" action="/resources/language" className={className} ref={form}>
      <input type="hidden" name="redirectTo" value={returnPath} />
      {supportedLanguages.map((language) => (
        <button
          key={language}
          type="submit"
          {...switchTarget}
          value={language}
          lang={language}
          className={buttonClassName}
          aria-current={language === current ? 'true' : undefined}
        >
          {/* Named by what it shows (code and name); aria-current says which is in use. */}
          <span className="language-code">{language.toUpperCase()}</span>{' '}
          <span className="language-name">{languageNames[language]}</span>
        </button>
      ))}
    </form>
  )
}
