import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/about'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { aboutContent } from '~/content/pages.server'
import { PageHero } from '~/components/page-hero'
import { Icon } from '~/components/icons'
import { InlineText } from '~/components/rich-text'
import { staticPageHandle } from '~/utils/hydrate-handle'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  return { meta: meta('about'), about: aboutContent(language, site) }
}

/** Nothing on this page needs React in the browser. */
export const handle = staticPageHandle

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { about } = loaderData
  return (
    <>
      <PageHero title={t('about.title')} lead={about.lead} crumbs={[{ label: t('about.title') }]} />
      <section className="section" aria-labelledby="story-title">
        <div className="container split">
          <div className="prose">
            <p className="eyebrow">{t('about.storyEyebrow')}</p>
            <h2 id="story-title">{about.heading}</h2>
            {about.story.map((paragraph, index) => (
              <p key={index}>
                <InlineText text={paragraph} />
              </p>
            ))}
          </div>
          <img src="/images/about.svg" alt="" width="600" height="500" className="split__media" />
        </div>
      </section>
      <section className="section section--navy" aria-labelledby="stats-title">
        <div className="container">
          <h2 id="stats-title" className="visually-hidden">
            {t('about.statsTitle')}
          </h2>
          <dl className="stats stats--4">
            {about.stats.map((stat) => (
              <div key={stat.label}>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section className="section" aria-labelledby="values-title">
        <div className="container">
          <header className="section-heading">
            <p className="eyebrow">{t('about.valuesEyebrow')}</p>
            <h2 id="values-title">{t('about.valuesTitle')}</h2>
          </header>
          <ul className="grid grid--4 features">
            {about.values.map((value) => (
              <li key={value.title} className="feature">
                <Icon name="check" size={28} className="feature__icon" />
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="partners-title">
        <div className="container">
          <header className="section-heading">
            <p className="eyebrow">{t('about.partnersEyebrow')}</p>
            <h2 id="partners-title">{t('about.partnersTitle')}</h2>
          </header>
          <ul className="grid grid--3 partner-list">
            {about.partners.map((partner) => (
              <li key={partner.name} className="partner">
                <h3>{partner.name}</h3>
                <p>{partner.text}</p>
              </li>
            ))}
          </ul>
          <p className="center">
            <Link className="button" to="/our-team">
              {t('about.meetTeam')}
            </Link>
          </p>
        </div>
      </section>
    </>
  )
}
