import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { NotFoundContent } from '~/components/not-found-content'
import { staticPageHandle } from '~/utils/hydrate-handle'

/** Any path no other route matches: the translated not-found page with status 404. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { meta } = pageContext(context, request)
  return data({ meta: meta('page-not-found', { noindex: true }) }, { status: 404 })
}

/** Nothing on this page needs React in the browser. */
export const handle = staticPageHandle

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function NotFound() {
  return <NotFoundContent />
}
