import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'

/** The not-found screen: shown by the splat route, /page-not-found and any 404. */
export function NotFoundContent({ message }: { message?: string }) {
  const { t } = useTranslation()
  return (
    <section className="section container not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{message ?? t('notFound.text')}</p>
      <div className="not-found__actions">
        <Link className="button" to="/">
          {t('notFound.backHome')}
        </Link>
        <Link className="button button--ghost" to="/contact">
          {t('nav.contact')}
        </Link>
      </div>
    </section>
  )
}
