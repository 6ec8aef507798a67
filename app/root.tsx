import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
} from 'react-router'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/root'
import appCss from './styles/app.css?url'
import { i18nextMiddleware, rememberLanguageFromUrl } from './i18n/middleware.server'
import { pageContext } from './utils/page-context.server'
import { useNonce } from './utils/nonce'
import { useOfficeChrome, usePageHydrates } from './utils/hydrate-handle'
import { useRootData } from './utils/root-data'
import { SiteHeader } from './components/site-header'
import { SiteFooter } from './components/site-footer'
import { OfficeHeader } from './components/ops/office-header'
import { NotFoundContent } from './components/not-found-content'
import { defaultLanguage } from './i18n/config'
import { footerLinks } from './content/footer.server'
import { enhancementsScript } from './enhancements/script-url.server'
import { usePageOpensDialog } from './components/modal-dialog'
import { focusIsLost, moveFocusTo } from './utils/move-focus'

export const middleware: Route.MiddlewareFunction[] = [rememberLanguageFromUrl, i18nextMiddleware]

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site } = pageContext(context, request)
  return { language, site, footer: footerLinks(language, site), enhancementsScript }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData()
  const nonce = useNonce()
  const { i18n, t } = useTranslation()
  const language = root?.language ?? defaultLanguage
  const hydrate = usePageHydrates()
  // The staff pages have the back office's header and no storefront around them.
  const office = useOfficeChrome()
  // Behind a dialog the server renders open, until the page's script makes it modal.
  const behindDialog = usePageOpensDialog()

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
        {/*
          With a precedence React puts the stylesheet ahead of the scripts' modulepreload
          links it gathers in the head, so the page's only render-blocking file is asked
          for first instead of sharing a slow connection with the scripts.
        */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        <div className="page-chrome" inert={behindDialog}>
          <a className="skip-link" href="#main">
            {t('a11y.skipToContent')}
          </a>
          {root ? (
            office ? (
              <OfficeHeader site={root.site} language={language} />
            ) : (
              <SiteHeader site={root.site} language={language} />
            )
          ) : null}
        </div>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {root && !office ? (
          <div className="page-chrome" inert={behindDialog}>
            <SiteFooter site={root.site} language={language} />
          </div>
        ) : null}
        <NavigationFocus />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : root ? (
          <script type="module" src={root.enhancementsScript} nonce={nonce} />
        ) : null}
      </body>
    </html>
  )
}

/**
 * After a client-side navigation the new page takes the focus and its title is
 * announced, as a page load would: the focus goes to what the page marks with
 * `data-page-focus` (a notice it was opened with), else its h1, else main.
 * Not on the first load, not when a dialog or the page itself took the focus,
 * and on the same page (a search, a form's errors) only when the element that
 * held the focus is gone (docs/accessibility.md).
 *
 * Client-side navigations start only from the one page React hydrates, the
 * payment simulator's: its pay button posts in place, and its header and footer
 * links render pages of text in place (a page with a script of its own loads as
 * a document, `loadAsDocument`). Every other page loads documents, and the
 * browser moves the focus; the announcer stays empty there.
 */
function NavigationFocus() {
  const location = useLocation()
  const navigation = useNavigation()
  const [announcement, setAnnouncement] = useState('')
  const shown = useRef(location)
  const focusedWhenLeaving = useRef<Element | null>(null)

  useEffect(() => {
    if (navigation.state !== 'idle') focusedWhenLeaving.current = document.activeElement
  }, [navigation.state])

  useEffect(() => {
    const previous = shown.current
    if (previous.key === location.key) return
    shown.current = location
    const leftFrom = focusedWhenLeaving.current
    focusedWhenLeaving.current = null
    const samePage = previous.pathname === location.pathname
    if (samePage && !focusIsLost()) return
    const main = document.getElementById('main')
    const active = document.activeElement
    const dialogOpen = document.querySelector('dialog:modal') !== null
    const pageTookFocus = active !== leftFrom && active !== main && Boolean(main?.contains(active))
    if (!dialogOpen && !pageTookFocus) {
      moveFocusTo(
        main?.querySelector('[data-page-focus]') ?? main?.querySelector('h1') ?? main ?? null,
        { preventScroll: true },
      )
    }
    setAnnouncement(document.title)
  }, [location])

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {announcement}
    </p>
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
