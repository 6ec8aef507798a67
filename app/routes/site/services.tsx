import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/services'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { listServices } from '~/content/services.server'
import { PageHero } from '~/components/page-hero'
import { ServiceCard } from '~/components/cards'
import { staticPageHandle } from '~/utils/hydrate-handle'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const services = listServices(language, site)
  return {
    meta: meta('services'),
    main: services.filter((service) => service.group === 'main'),
    routes: services.filter((service) => service.group === 'route'),
  }
}

/** Nothing on this page needs React in the browser. */
export const handle = staticPageHandle

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function Services({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <PageHero
        title={t('services.title')}
        lead={t('services.lead')}
        crumbs={[{ label: t('services.title') }]}
      />
      <section className="section" aria-labelledby="main-services">
        <div className="container">
          <h2 id="main-services" className="visually-hidden">
            {t('services.mainTitle')}
          </h2>
          <div className="grid grid--3">
            {loaderData.main.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </div>
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="route-services">
        <div className="container">
          <header className="section-heading">
            <p className="eyebrow">{t('services.routesEyebrow')}</p>
            <h2 id="route-services">{t('services.routesTitle')}</h2>
          </header>
          <div className="grid grid--4">
            {loaderData.routes.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </div>
        </div>
      </section>
    </>
  )
}
