import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'

/**
 * Sign in and register are visual forms only: the site has no accounts.
 * A submission is answered with this notice instead of silence.
 */
export function AccountsNotice() {
  const { t } = useTranslation()
  return (
    <div className="alert alert--info" role="status">
      <p>{t('account.notAvailable')}</p>
      <Link to="/" className="text-link">
        {t('account.bookWithout')}
      </Link>
    </div>
  )
}
