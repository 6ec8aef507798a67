import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/legal'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { legalPage, legalSlugs, type LegalSlug } from '~/content/legal.server'
import { PageHero } from '~/components/page-hero'
import { InlineText, RichText } from '~/components/rich-text'
import { formatDate } from '~/utils/format'
import { notFound } from '~/utils/not-found'
import { staticPageHandle } from '~/utils/hydrate-handle'

/** Privacy policy, terms and the distance sales agreement: the path names the document. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const slug = new URL(request.url).pathname.slice(1) as LegalSlug
  if (!legalSlugs.includes(slug)) notFound()
  const page = legalPage(slug, language, site)
  return {
    page,
    language,
    email: site.email,
    meta: meta(slug, { override: { title: page.title, description: page.metaDescription } }),
  }
}

/** Nothing on this page needs React in the browser. */
export const handle = staticPageHandle

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { page, language, email } = loaderData
  return (
    <>
      <PageHero title={page.title} crumbs={[{ label: page.title }]} />
      <section className="section">
        <div className="container legal">
          <nav className="legal__toc" aria-label={t('legal.contents')}>
            <p className="legal__toc-title">{t('legal.contents')}</p>
            {/* The headings carry their own numbers ('1. …', 'Madde 1'): a plain list. */}
            <ul>
              {page.sections.map((section, index) => (
                <li key={section.heading}>
                  <a href={`#section-${index + 1}`}>{section.heading}</a>
                </li>
              ))}
            </ul>
          </nav>
          <article className="prose legal__body">
            <p className="legal__updated">
              {t('legal.updated', { date: formatDate(page.updated, language) })}
            </p>
            {page.intro.map((paragraph, index) => (
              <p key={index}>
                <InlineText text={paragraph} />
              </p>
            ))}
            {page.sections.map((section, index) => (
              <section
                key={section.heading}
                id={`section-${index + 1}`}
                aria-labelledby={`heading-${index + 1}`}
              >
                <h2 id={`heading-${index + 1}`}>{section.heading}</h2>
                <RichText blocks={section.blocks} headingLevel={3} />
              </section>
            ))}
            <p className="legal__contact">
              {t('legal.questions')} <a href={`mailto:${email}`}>{email}</a>
            </p>
          </article>
        </div>
      </section>
    </>
  )
}
