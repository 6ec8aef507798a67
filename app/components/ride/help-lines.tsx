import { useTranslation } from '~/i18n/use-translation'
import { phoneHref } from '~/config/site'

/** How a traveller reaches the company about their booking (see `bookingHelp`). */
export interface BookingHelp {
  phone: string
  email: string
  /** WhatsApp with the booking's reference written in the message; null without a number. */
  whatsapp: string | null
}

/**
 * The company's phone, WhatsApp and (unless left out) e-mail, as links, for
 * the booking's pages: the ride page's help, what to do under 24 hours, the
 * date or route changed by phone.
 */
export function HelpLines({ help, email = true }: { help: BookingHelp; email?: boolean }) {
  const { t } = useTranslation()
  return (
    <ul className="received__help">
      <li>
        {t('received.helpPhone')}: <a href={phoneHref(help.phone)}>{help.phone}</a>
      </li>
      {help.whatsapp ? (
        <li>
          <a href={help.whatsapp} rel="noopener noreferrer">
            {t('received.helpWhatsapp')}
          </a>
        </li>
      ) : null}
      {email ? (
        <li>
          {t('received.helpEmail')}: <a href={`mailto:${help.email}`}>{help.email}</a>
        </li>
      ) : null}
    </ul>
  )
}
