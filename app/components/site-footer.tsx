import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { phoneHref, type SiteSettings } from '~/config/site'
import type { Language } from '~/i18n/config'
import { useRootData } from '~/utils/root-data'
import { Icon } from './icons'
import { Logo } from './logo'
import { LanguageForm } from './language-form'

const socialLabels = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
} as const

export function SocialLinks({ site, className }: { site: SiteSettings; className?: string }) {
  const { t } = useTranslation()
  return (
    <ul className={className ?? 'social-links'}>
      {site.social.map(({ network, url }) => (
        <li key={network}>
          <a href={url} rel="noopener noreferrer" target="_blank" className="social-link">
            <Icon name={network} size={20} />
            <span className="visually-hidden">
              {t('footer.socialLink', { network: socialLabels[network], brand: site.brand })}
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}

/** The footer every page shares. */
export function SiteFooter({ site, language }: { site: SiteSettings; language: Language }) {
  const { t } = useTranslation()
  const root = useRootData()
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo brand={site.brand} tone="dark" />
          <p className="site-footer__pitch">{t('footer.pitch')}</p>
          <a className="site-footer__phone" href={phoneHref(site.phone)}>
            <Icon name="phone" size={18} /> {site.phone}
          </a>
          <a className="site-footer__mail" href={`mailto:${site.email}`}>
            <Icon name="mail" size={18} /> {site.email}
          </a>
          <SocialLinks site={site} />
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-company">
          <h2 id="footer-company">{t('footer.company')}</h2>
          <ul>
            <li>
              <Link to="/about">{t('footer.aboutUs')}</Link>
            </li>
            <li>
              <Link to="/services">{t('footer.offerings')}</Link>
            </li>
            <li>
              <Link to="/blog-grid">{t('footer.blog')}</Link>
            </li>
            <li>
              <Link to="/manage-booking">{t('footer.myBooking')}</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-places">
          <h2 id="footer-places">{t('footer.topPlaces')}</h2>
          <ul>
            {root?.footer.topPlaces.map((place) => (
              <li key={place.id}>
                <Link to={place.href}>{place.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-classes">
          <h2 id="footer-classes">{t('footer.classes')}</h2>
          <ul>
            {root?.footer.classes.map((vehicle) => (
              <li key={vehicle.id}>
                <Link to={`/fleet-single/${vehicle.id}`}>{vehicle.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__trust">
        <p className="site-footer__tursab">
          <Icon name="shield" size={22} />
          <span>{t('footer.association', { brand: site.brand, code: site.tursabCode })}</span>
        </p>
        <img
          className="site-footer__payment"
          src="/images/payment/secure-card.svg"
          width="180"
          height="36"
          loading="lazy"
          alt={t('footer.paymentLogo')}
        />
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <ul className="site-footer__legal">
            <li>
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/privacy-policy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/distance-agreement">{t('footer.distanceAgreement')}</Link>
            </li>
          </ul>
          <div className="site-footer__locale">
            <span className="region-button">
              <Icon name="pin" size={16} /> {t('footer.region')}
            </span>
            <LanguageForm
              current={language}
              className="footer-languages"
              buttonClassName="footer-language"
            />
          </div>
        </div>
        <div className="container">
          <p className="site-footer__registration">
            © {year} {site.legalName} · {site.registration}
          </p>
        </div>
      </div>
    </footer>
  )
}
