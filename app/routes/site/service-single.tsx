import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/service-single'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { findServiceOrFirst, listServices } from '~/content/services.server'
import { PageHero } from '~/components/page-hero'
import { Icon } from '~/components/icons'
import { InlineText } from '~/components/rich-text'
import { staticPageHandle } from '~/utils/hydrate-handle'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  // An unknown slug falls back to the first service.
  const { service, isFallback } = findServiceOrFirst(params.slug, language, site)
  return {
    service,
    all: listServices(language, site).map(({ slug, title }) => ({ slug, title })),
    meta: meta('service-single', {
      override: {
        title: service.title,
        description: service.summary,
        ...(isFallback ? { canonical_url: `/services/${service.slug}` } : {}),
      },
    }),
  }
}

/** Nothing on this page needs React in the browser. */
export const handle = staticPageHandle

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function ServiceSingle({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { service, all } = loaderData
  return (
    <>
      <PageHero
        title={service.title}
        lead={service.summary}
        crumbs={[{ label: t('services.title'), to: '/services' }, { label: service.title }]}
      />
      <section className="section">
        <div className="container with-sidebar">
          <article className="prose">
            <img src={service.image} alt="" width="600" height="400" className="rounded" />
            {service.paragraphs.map((paragraph, index) => (
              <p key={index}>
                <InlineText text={paragraph} />
              </p>
            ))}
            <h2>{t('services.features')}</h2>
            <ul className="ticks ticks--2">
              {service.features.map((feature) => (
                <li key={feature}>
                  <Icon name="check" size={20} /> {feature}
                </li>
              ))}
            </ul>
            {service.sections.map((section) => (
              <section key={section.title} className="service-section">
                <img src={section.image} alt="" width="600" height="400" loading="lazy" />
                <div>
                  <h2>{section.title}</h2>
                  <p>
                    <InlineText text={section.text} />
                  </p>
                </div>
              </section>
            ))}
          </article>
          <aside className="sidebar">
            <nav className="card sidebar__box" aria-labelledby="all-services">
              <h2 id="all-services">{t('services.allServices')}</h2>
              <ul className="sidebar__links">
                {all.map((item) => (
                  <li key={item.slug}>
                    <Link
                      to={`/services/${item.slug}`}
                      aria-current={item.slug === service.slug ? 'page' : undefined}
                    >
                      {item.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="card sidebar__box sidebar__cta">
              <h2>{t('services.ctaTitle')}</h2>
              <p>{t('services.ctaText')}</p>
              <Link to="/" className="button button--accent button--block">
                {t('services.ctaButton')}
              </Link>
            </div>
          </aside>
        </div>
      </section>
    </>
  )
}
