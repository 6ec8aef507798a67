import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/root'
import appCss from './styles/app.css?url'
import { i18nextMiddleware, rememberLanguageFromUrl } from './i18n/middleware.server'
import { pageContext } from './utils/page-context.server'
import { useNonce } from './utils/nonce'
import { useRootData } from './utils/root-data'
import { SiteHeader } from './components/site-header'
import { SiteFooter } from './components/site-footer'
import { NotFoundContent } from './components/not-found-content'
import { defaultLanguage } from './i18n/config'
import { footerLinks } from './content/footer.server'

export const middleware: Route.MiddlewareFunction[] = [rememberLanguageFromUrl, i18nextMiddleware]

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site } = pageContext(context, request)
  return { language, site, footer: footerLinks(language, site) }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData()
  const nonce = useNonce()
  const { i18n, t } = useTranslation()
  const language = root?.language ?? defaultLanguage

  // Keep the client's i18next in the language the server rendered.
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language)
  }, [i18n, language])

  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1b33" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t('a11y.skipToContent')}
        </a>
        {root ? <SiteHeader site={root.site} language={language} /> : null}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {root ? <SiteFooter site={root.site} language={language} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  // Marks the page as hydrated: browser tests of script-only behaviour wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation()
  const brand = useRootData()?.site.brand
  if (isRouteErrorResponse(error) && error.status === 404) {
    // A loader's 404 has no meta of its own: the title comes with the screen.
    return (
      <>
        <title>{brand ? `${t('notFound.title')} | ${brand}` : t('notFound.title')}</title>
        <NotFoundContent />
      </>
    )
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error)
  return (
    <section className="section container error-screen" aria-labelledby="error-title">
      <title>{`${t('error.title')}`}</title>
      <h1 id="error-title">{t('error.heading')}</h1>
      <p className="error-screen__detail">{detail}</p>
      <p>{t('error.help')}</p>
      <a className="button" href="/">
        {t('notFound.backHome')}
      </a>
    </section>
  )
}
