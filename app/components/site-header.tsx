import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { phoneHref, type SiteSettings } from '~/config/site'
import type { Language } from '~/i18n/config'
import { Icon } from './icons'
import { Logo } from './logo'
import { LanguageForm } from './language-form'
import { isCurrentSection, mainNav } from './nav-links'
import { dialogCommandFallback } from './modal-dialog'
import { headerStuckAt } from './header-stuck'

function useIsStuck(): boolean {
  const [stuck, setStuck] = useState(false)
  useEffect(() => {
    const update = () => setStuck((wasStuck) => headerStuckAt(window.scrollY, wasStuck))
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  return stuck
}

/**
 * The language menu is a native popover and the phone menu a modal dialog opened
 * by invoker commands: both open, close on Escape and on an outside click with
 * or without JavaScript, and Tab stays inside the phone menu while it is open.
 *
 * The effects and click handlers here run only on the one page React hydrates,
 * the payment simulator's, whose links render pages of text in place; every
 * other page gets the same from app/enhancements/frame.ts.
 */
export function SiteHeader({ site, language }: { site: SiteSettings; language: Language }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const stuck = useIsStuck()
  const mobileMenu = useRef<HTMLDialogElement>(null)
  const languageMenu = useRef<HTMLDivElement>(null)

  // A client-side navigation leaves the menus open; close them on every route change,
  // but not when the page hydrates: a menu opened before the scripts arrived (they
  // work natively) stays open.
  const shownPathname = useRef(pathname)
  useEffect(() => {
    if (shownPathname.current === pathname) return
    shownPathname.current = pathname
    if (languageMenu.current?.matches(':popover-open')) languageMenu.current.hidePopover()
    mobileMenu.current?.close()
  }, [pathname])

  const links = mainNav.map((item) => {
    const current = isCurrentSection(pathname, item.matches)
    return (
      <li key={item.to}>
        <Link to={item.to} aria-current={current ? 'page' : undefined} className="nav__link">
          {t(item.key)}
        </Link>
      </li>
    )
  })

  return (
    <header className={`site-header${stuck ? ' is-stuck' : ''}`}>
      <div className="container site-header__bar">
        <Logo brand={site.brand} />
        <nav className="nav nav--main" aria-label={t('nav.label')}>
          <ul>{links}</ul>
        </nav>
        <div className="site-header__actions">
          <Link
            className="header-booking"
            to="/manage-booking"
            aria-current={pathname === '/manage-booking' ? 'page' : undefined}
          >
            <Icon name="user" size={18} />
            <span className="visually-hidden">{t('nav.myBooking')}</span>
          </Link>
          <a className="header-phone" href={phoneHref(site.phone)}>
            <Icon name="phone" size={18} />
            <span className="header-phone__number">{site.phone}</span>
            <span className="visually-hidden header-phone__label">{t('header.callUs')}</span>
          </a>
          <button type="button" className="language-toggle" popoverTarget="language-menu">
            <Icon name="globe" size={18} />
            {/* The name starts with the visible code, so speaking what is seen selects it. */}
            <span>{language.toUpperCase()}</span>
            <span className="visually-hidden">, {t('language.choose')}</span>
            <Icon name="chevronDown" size={16} />
          </button>
          <div id="language-menu" popover="auto" className="language-menu" ref={languageMenu}>
            <p className="language-menu__title">{t('language.choose')}</p>
            <LanguageForm
              current={language}
              className="language-menu__form"
              buttonClassName="language-option"
            />
          </div>
          <button
            type="button"
            className="burger"
            command="show-modal"
            commandfor="mobile-menu"
            aria-haspopup="dialog"
            aria-label={t('nav.openMenu')}
            onClick={() => dialogCommandFallback.open('mobile-menu')}
          >
            <Icon name="menu" size={24} />
          </button>
        </div>
      </div>
      <dialog
        id="mobile-menu"
        className="mobile-menu"
        ref={mobileMenu}
        closedby="any"
        aria-label={t('nav.mobileLabel')}
        onClick={dialogCommandFallback.backdropClick}
      >
        <div className="mobile-menu__head">
          <Logo brand={site.brand} tone="dark" />
          <button
            type="button"
            className="icon-button"
            command="close"
            commandfor="mobile-menu"
            aria-label={t('nav.closeMenu')}
            onClick={() => dialogCommandFallback.close('mobile-menu')}
          >
            <Icon name="close" size={24} />
          </button>
        </div>
        <nav className="nav nav--mobile" aria-label={t('nav.mobileLabel')}>
          <ul>{links}</ul>
        </nav>
        <Link className="button button--block button--ghost" to="/manage-booking">
          <Icon name="user" size={18} /> {t('nav.myBooking')}
        </Link>
        <a className="button button--block" href={phoneHref(site.phone)}>
          <Icon name="phone" size={18} /> {site.phone}
        </a>
        <LanguageForm
          current={language}
          className="mobile-menu__languages"
          buttonClassName="language-option"
        />
      </dialog>
    </header>
  )
}
