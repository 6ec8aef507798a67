import type { Route } from './+types/page-not-found'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { NotFoundContent } from '~/components/not-found-content'
import { staticPageHandle } from '~/utils/hydrate-handle'

/** The /page-not-found route: the not-found screen, kept out of search results. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { meta } = pageContext(context, request)
  return { meta: meta('page-not-found', { noindex: true }) }
}

/** Nothing on this page needs React in the browser. */
export const handle = staticPageHandle

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function PageNotFound() {
  return <NotFoundContent />
}
