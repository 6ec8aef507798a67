import { data, redirect } from 'react-router'
import type { Route } from './+types/blog-single-redirect'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { blogPath, findBlogPost } from '~/content/blog.server'
import { NotFoundContent } from '~/components/not-found-content'
import { staticPageHandle } from '~/utils/hydrate-handle'

// Not hydrated: a page of text.
export const handle = staticPageHandle

/**
 * The older /blog-single/{id} address moves, permanently, to /blog/{id}/{slug}.
 * An unknown id gets the site's not-found page: this module renders it itself,
 * since a module with a loader alone is a resource route and would answer a
 * bare 404 the browser shows as its own error screen.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const post = findBlogPost(Number(params.id), language, site)
  if (post) return redirect(blogPath(post), 301)
  return data({ meta: meta('page-not-found', { noindex: true }) }, { status: 404 })
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function UnknownBlogPost() {
  return <NotFoundContent />
}
