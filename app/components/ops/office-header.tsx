import { Form, useLocation, useRouteLoaderData } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { SiteSettings } from '~/config/site'
import type { Language } from '~/i18n/config'
import type { StaffRole } from '~/domain/staff/roles'
import { currentEntry, officeNavFor } from '~/domain/staff/office-nav'
import { LanguageForm } from '../language-form'

/** What the staff layout's loader gives the shell: who is signed in, or null on the sign-in pages. */
interface OfficeLayoutData {
  staff: { name: string; role: StaffRole } | null
}

/**
 * The back office's own header, in place of the storefront's on every /ops
 * page: the company's name as the office's, who is signed in, the language,
 * sign-out, and the navigation grouped by task (app/domain/staff/office-nav.ts),
 * each group only when the role may open something in it. Plain links and
 * forms; nothing of the storefront's menus.
 */
export function OfficeHeader({ site, language }: { site: SiteSettings; language: Language }) {
  const { t } = useTranslation()
  const layout = useRouteLoaderData('routes/ops/layout') as OfficeLayoutData | undefined
  const staff = layout?.staff ?? null
  const { pathname, search } = useLocation()
  const groups = staff ? officeNavFor(staff.role) : []
  const current = currentEntry(groups, pathname, search)
  // A driver's office is their jobs: the name leads there.
  const home = staff?.role === 'driver' ? '/ops/jobs' : '/ops'
  return (
    <header className="office-bar">
      <div className="office-bar__top">
        <a className="office-brand" href={home}>
          <span className="office-brand__name">{site.brand}</span>{' '}
          <span className="office-brand__office">{t('ops.shell.office')}</span>
        </a>
        {staff ? (
          <p className="office-bar__who">
            {t('ops.nav.signedInAs', { name: staff.name, role: t(`ops.roles.${staff.role}`) })}
          </p>
        ) : null}
        <LanguageForm
          current={language}
          className="office-bar__languages"
          buttonClassName="office-language"
        />
        {staff ? (
          <Form method="post" action="/ops/sign-out" reloadDocument className="office-bar__out">
            <button type="submit" className="button button--ghost">
              {t('ops.nav.signOut')}
            </button>
          </Form>
        ) : null}
      </div>
      {groups.length > 0 ? (
        <nav className="office-nav" aria-label={t('ops.nav.label')}>
          {groups.map((group) => (
            <div key={group.id} className="office-nav__group">
              <p className="office-nav__title" id={`office-nav-${group.id}`}>
                {t(`ops.shell.groups.${group.id}`)}
              </p>
              <ul aria-labelledby={`office-nav-${group.id}`}>
                {group.entries.map((entry) => (
                  <li key={entry.href}>
                    <a href={entry.href} aria-current={entry.href === current ? 'page' : undefined}>
                      {t(entry.label)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      ) : null}
    </header>
  )
}
