import { redirect } from 'react-router'
import type { Route } from './+types/short-link'
import { openShortLink } from '~/traveller/short-link.server'

/**
 * The short link of a text message (`/r/MC-7K4Q9P.…`, `?to=review`): on to the
 * ride page (or the page `to` names) through the booking's signed link, or the
 * site's not-found page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const target = await openShortLink(params.code, new URL(request.url).searchParams.get('to'))
  if (!target) throw new Response(null, { status: 404 })
  return redirect(target, { status: 303, headers: { 'Cache-Control': 'no-store' } })
}
