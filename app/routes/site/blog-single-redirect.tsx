import { redirect } from 'react-router'
import type { Route } from './+types/blog-single-redirect'
import { pageContext } from '~/utils/page-context.server'
import { blogPath, findBlogPost } from '~/content/blog.server'

/** The older /blog-single/{id} address moves, permanently, to /blog/{id}/{slug}. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { language, site } = pageContext(context, request)
  const post = findBlogPost(Number(params.id), language, site)
  if (!post) throw new Response(null, { status: 404 })
  return redirect(blogPath(post), 301)
}
