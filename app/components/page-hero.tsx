import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'

export interface Crumb {
  label: string
  to?: string
}

/** The banner at the top of every inner page: its one h1 and a breadcrumb. */
export function PageHero({
  title,
  lead,
  crumbs,
}: {
  title: string
  lead?: string
  crumbs: Crumb[]
}) {
  const { t } = useTranslation()
  const trail: Crumb[] = [{ label: t('nav.home'), to: '/' }, ...crumbs]
  return (
    <div className="page-hero">
      <div className="container page-hero__inner">
        <nav aria-label={t('a11y.breadcrumb')}>
          <ol className="breadcrumb">
            {trail.map((crumb, index) => (
              <li key={`${crumb.label}-${index}`}>
                {crumb.to && index < trail.length - 1 ? (
                  <Link to={crumb.to}>{crumb.label}</Link>
                ) : (
                  <span aria-current="page">{crumb.label}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <h1 className="page-hero__title">{title}</h1>
        {lead ? <p className="page-hero__lead">{lead}</p> : null}
      </div>
    </div>
  )
}
