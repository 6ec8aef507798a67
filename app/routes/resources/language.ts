import { redirect } from 'react-router'
import type { Route } from './+types/language'
import { isLanguage } from '~/i18n/config'
import { languageCookie } from '~/i18n/middleware.server'
import { isSameOriginPost, safeReturnPath } from '~/utils/same-origin.server'

/**
 * The language selector's target: sets the cookie and sends the traveller back
 * to the page they were on (Post/Redirect/Get), so it works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  if (!isSameOriginPost(request))
    return new Response('Cross-origin request refused', { status: 403 })
  const form = await request.formData()
  const language = form.get('lng')
  const back = safeReturnPath(form.get('redirectTo'))
  if (!isLanguage(language)) return redirect(back, 303)
  return redirect(back, {
    status: 303,
    headers: { 'Set-Cookie': await languageCookie.serialize(language) },
  })
}

/** A GET here (a bookmarked form target) just goes home. */
export function loader() {
  return redirect('/', 303)
}
