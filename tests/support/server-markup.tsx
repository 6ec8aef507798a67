// The markup the server sends for a page's part, for the unit tests of the
// scripts that enhance pages React does not hydrate (app/enhancements/): the
// real components rendered as the server renders them, inside a router that
// holds the root loader's data and an i18next instance in the page's language,
// then put into the test's document. The scripts then run on what a browser
// would receive.
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createInstance } from 'i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { getSiteSettings } from '~/config/site.server'
import { resources } from '~/i18n/resources'
import type { Language } from '~/i18n/config'

/** Renders `page` as the server would and makes it the document's body. */
export async function renderServerMarkup(
  page: ReactNode,
  { language = 'en', url = 'http://localhost/' }: { language?: Language; url?: string } = {},
): Promise<void> {
  const i18n = createInstance()
  await i18n.init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  })
  // Only what the components read of the root loader's data.
  const routes = [
    {
      id: 'root',
      path: '*',
      loader: () => ({ language, site: getSiteSettings() }),
      element: page,
    },
  ]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`the page answered ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  document.body.innerHTML = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  )
}
