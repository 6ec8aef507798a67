import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/blog-index'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { listBlogCards } from '~/content/blog.server'
import { PageHero } from '~/components/page-hero'
import { BlogCard } from '~/components/cards'
import { notFound } from '~/utils/not-found'
import { staticPageHandle } from '~/utils/hydrate-handle'

/** The blog's three list layouts, one module: the path picks the layout. */
const layouts = {
  'blog-grid': { columns: 3, card: 'grid' },
  'blog-grid-2': { columns: 2, card: 'grid' },
  'blog-list': { columns: 1, card: 'list' },
} as const
type LayoutName = keyof typeof layouts

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const name = new URL(request.url).pathname.slice(1) as LayoutName
  if (!(name in layouts)) notFound()
  return { meta: meta(name), layout: layouts[name], posts: listBlogCards(language, site), language }
}

/** Nothing on this page needs React in the browser. */
export const handle = staticPageHandle

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { layout, posts, language } = loaderData
  return (
    <>
      <PageHero
        title={t('blog.title')}
        lead={t('blog.lead')}
        crumbs={[{ label: t('blog.title') }]}
      />
      <section className="section">
        <div className="container">
          <div className={`grid grid--${layout.columns}`}>
            {posts.map((post) => (
              <BlogCard
                key={post.id}
                post={post}
                language={language}
                layout={layout.card}
                headingLevel={2}
              />
            ))}
          </div>
          {/* One page holds every post; the pagination is a single-page placeholder. */}
          <nav className="pagination" aria-label={t('blog.pagination')}>
            <span aria-current="page" className="pagination__page">
              1
            </span>
          </nav>
        </div>
      </section>
    </>
  )
}
