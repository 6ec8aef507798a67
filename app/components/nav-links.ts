/** The main menu, shared by the header and the mobile menu. */
export const mainNav = [
  { key: 'nav.home', to: '/', matches: ['/', '/home'] },
  { key: 'nav.about', to: '/about', matches: ['/about', '/our-team', '/team-single'] },
  { key: 'nav.fleet', to: '/fleet-list', matches: ['/fleet-list', '/fleet-single'] },
  { key: 'nav.services', to: '/services', matches: ['/services'] },
  { key: 'nav.blog', to: '/blog-grid', matches: ['/blog'] },
  { key: 'nav.contact', to: '/contact', matches: ['/contact'] },
] as const

/** Whether a menu entry is the current section for this path. */
export function isCurrentSection(pathname: string, matches: readonly string[]): boolean {
  return matches.some((prefix) =>
    prefix === '/' || prefix === '/home'
      ? pathname === prefix
      : pathname === prefix || pathname.startsWith(prefix),
  )
}
