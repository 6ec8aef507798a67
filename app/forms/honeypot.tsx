import { useTranslation } from '~/i18n/use-translation'
import { honeypotField } from '~/contact/contact-schema'

/**
 * The honeypot of a public form: a text field people never see or reach
 * (off-screen, out of the tab order, hidden from assistive technology), so
 * only robots fill it; the action answers them like anyone else and keeps
 * nothing.
 */
export function Honeypot({ id }: { id: string }) {
  const { t } = useTranslation()
  return (
    <div className="contact-honeypot" aria-hidden="true">
      <label htmlFor={id}>{t('contact.honeypot')}</label>
      <input
        id={id}
        name={honeypotField}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  )
}
