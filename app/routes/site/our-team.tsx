import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/our-team'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { listTeam } from '~/content/team.server'
import { PageHero } from '~/components/page-hero'
import { staticPageHandle } from '~/utils/hydrate-handle'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  return { meta: meta('our-team'), team: listTeam(language, site) }
}

/** Nothing on this page needs React in the browser. */
export const handle = staticPageHandle

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function OurTeam({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <PageHero
        title={t('team.title')}
        lead={t('team.lead')}
        crumbs={[{ label: t('about.title'), to: '/about' }, { label: t('team.title') }]}
      />
      <section className="section">
        <div className="container">
          <ul className="grid grid--4 team-grid">
            {loaderData.team.map((member) => (
              <li key={member.id} className="card team-card">
                <span className="avatar avatar--large" aria-hidden="true">
                  {member.initials}
                </span>
                <h2 className="card__title">
                  <Link to={`/team-single/${member.id}`} className="card__link">
                    {member.name}
                  </Link>
                </h2>
                <p className="team-card__role">{member.role}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
