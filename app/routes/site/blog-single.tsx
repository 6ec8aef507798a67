import { isRouteErrorResponse, Link, redirect, useNavigation, useRouteError } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/blog-single'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { blogPath, findBlogPost, recentBlogCards, relatedBlogCards } from '~/content/blog.server'
import { readingMinutes } from '~/content/blog'
import { PageHero } from '~/components/page-hero'
import { RichText } from '~/components/rich-text'
import { BlogCard } from '~/components/cards'
import { formatDate } from '~/utils/format'
import { notFound } from '~/utils/not-found'
import { staticPageHandle } from '~/utils/hydrate-handle'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { language, site, meta, t } = pageContext(context, request)
  const id = Number(params.id)
  const post = Number.isInteger(id) ? findBlogPost(id, language, site) : undefined
  if (!post) {
    notFound(t('blog.notFound'))
  }
  // A post shows only when the URL's slug is its slug: any other slug
  // (or none) is sent, permanently, to the one canonical address.
  if (params.slug !== post.slug) throw redirect(blogPath(post), 301)
  return {
    post,
    minutes: readingMinutes(post.sections),
    related: relatedBlogCards(post.id, language, site),
    recent: recentBlogCards(post.id, language, site),
    language,
    meta: meta('blog-single', {
      override: { title: post.title, description: post.metaDescription },
    }),
  }
}

/** Nothing on this page needs React in the browser. */
export const handle = staticPageHandle

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function BlogSingle({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { post, related, recent, language } = loaderData
  const loadingAnotherPost =
    navigation.state === 'loading' && navigation.location.pathname.startsWith('/blog/')
  return (
    <>
      <PageHero
        title={post.title}
        crumbs={[{ label: t('blog.title'), to: '/blog-grid' }, { label: post.title }]}
      />
      {loadingAnotherPost ? (
        <p className="loading-bar" role="status">
          {t('blog.loading')}
        </p>
      ) : null}
      <section className="section">
        <div className="container with-sidebar">
          <article className="prose post">
            <p className="post__meta">
              <span className="badge">{post.category}</span>
              <time dateTime={post.date}>{formatDate(post.date, language)}</time>
              <span>{t('blog.minutes', { count: loaderData.minutes })}</span>
            </p>
            <img src={post.image} alt="" width="800" height="450" className="rounded" />
            {/* The cover is shown above: an image block repeating it is left out. */}
            <RichText
              blocks={post.sections.filter(
                (block) => block.type !== 'image' || block.src !== post.image,
              )}
            />
          </article>
          <aside className="sidebar">
            <nav className="card sidebar__box" aria-labelledby="recent-posts">
              <h2 id="recent-posts">{t('blog.recent')}</h2>
              <ul className="sidebar__links">
                {recent.map((item) => (
                  <li key={item.id}>
                    <Link to={`/blog/${item.id}/${item.slug}`}>{item.title}</Link>
                    <time dateTime={item.date}>{formatDate(item.date, language)}</time>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="related-posts">
        <div className="container">
          <h2 id="related-posts">{t('blog.related')}</h2>
          <div className="grid grid--3">
            {related.map((item) => (
              <BlogCard key={item.id} post={item} language={language} />
            ))}
          </div>
        </div>
      </section>
    </>
  )
}

/** An unknown post: the 'Blog not found' page, with a way back to the list. */
export function ErrorBoundary() {
  const { t } = useTranslation()
  const error = useRouteError()
  // Anything but a missing post is the root error screen's to show.
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error
  return (
    <section className="section container not-found" aria-labelledby="blog-missing">
      <h1 id="blog-missing">{t('blog.notFound')}</h1>
      <p>{t('blog.notFoundText')}</p>
      <Link className="button" to="/blog-grid">
        {t('blog.backToBlog')}
      </Link>
    </section>
  )
}
