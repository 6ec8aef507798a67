import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/team-single'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { findTeamMemberOrFirst } from '~/content/team.server'
import { PageHero } from '~/components/page-hero'
import { Tabs } from '~/components/tabs'
import { phoneHref } from '~/config/site'
import { useSite } from '~/utils/root-data'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'

// Not hydrated: app/enhancements/tabs.ts makes the tabs.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  // An unknown id falls back to the first member.
  const { member, isFallback } = findTeamMemberOrFirst(Number(params.id), language, site)
  return {
    member,
    meta: meta('team-single', {
      override: {
        title: `${member.name} – ${member.role}`,
        description: member.biography[0],
        // The fallback page repeats the first member's: point search engines there.
        ...(isFallback ? { canonical_url: `/team-single/${member.id}` } : {}),
      },
    }),
  }
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

function Timeline({ entries }: { entries: { period: string; title: string; text: string }[] }) {
  return (
    <ol className="timeline">
      {entries.map((entry) => (
        <li key={`${entry.period}-${entry.title}`}>
          <p className="timeline__period">{entry.period}</p>
          <h3>{entry.title}</h3>
          <p>{entry.text}</p>
        </li>
      ))}
    </ol>
  )
}

export default function TeamSingle({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const site = useSite()
  const { member } = loaderData
  return (
    <>
      <PageHero
        title={member.name}
        lead={member.role}
        crumbs={[{ label: t('team.title'), to: '/our-team' }, { label: member.name }]}
      />
      <section className="section">
        <div className="container team-single">
          <aside className="card team-single__card">
            <span className="avatar avatar--xl" aria-hidden="true">
              {member.initials}
            </span>
            <p className="team-single__role">{member.role}</p>
            <a className="button button--block" href={phoneHref(site.phone)}>
              {t('team.contact')}
            </a>
            <Link className="text-link" to="/our-team">
              {t('team.backToTeam')}
            </Link>
          </aside>
          <Tabs
            label={t('team.tabsLabel', { name: member.name })}
            panels={[
              {
                id: 'biography',
                label: t('team.biography'),
                content: member.biography.map((paragraph, index) => <p key={index}>{paragraph}</p>),
              },
              {
                id: 'experiences',
                label: t('team.experiences'),
                content: <Timeline entries={member.experiences} />,
              },
              {
                id: 'education',
                label: t('team.education'),
                content: <Timeline entries={member.education} />,
              },
              {
                id: 'awards',
                label: t('team.awards'),
                content: <Timeline entries={member.awards} />,
              },
            ]}
          />
        </div>
      </section>
    </>
  )
}
