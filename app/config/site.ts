import { ruleNumbers } from '~/domain/booking/rule-numbers'

/**
 * The public face of the settings: brand and contact details every page shows.
 * Built on the server from the validated env and sent to the browser through the
 * root loader, so nothing secret belongs here.
 */
export interface SiteSettings {
  brand: string
  legalName: string
  phone: string
  email: string
  address: string
  officeHours: string
  registration: string
  tursabCode: string
  baseUrl: string
  whatsappNumber: string
  social: { network: SocialNetwork; url: string }[]
  mapsBrowserKey: string
  promoVideoUrl: string
  launchDate: string
  /**
   * Whether a flight-status provider follows travellers' flights. Texts may
   * say the pickup follows the flight only then (`{?flights:…|…}` in content).
   */
  followsFlights: boolean
}

export type SocialNetwork = 'facebook' | 'instagram' | 'x' | 'linkedin' | 'youtube'

/**
 * The reservation hours as the page's language writes them. The default,
 * round the clock, is '24/7' in English and '7/24' in Turkish (either form of
 * the setting is understood); any other value is shown as it was set.
 */
export function officeHoursIn(hours: string, language: string): string {
  const roundTheClock = /^\s*(24\s*\/\s*7|7\s*\/\s*24)\s*$/.test(hours)
  if (!roundTheClock) return hours
  return language === 'tr' ? '7/24' : '24/7'
}

/** `tel:` link target: digits and a leading plus only. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/**
 * Fills `{brand}`, `{email}`… placeholders of editorial text from the settings,
 * and the booking rules' numbers (`{changeWindowHours}`…) from the rules
 * themselves, so content never writes them. A sentence that promises the
 * flight is followed is written `{?flights:…|…}`, both ways.
 */
export function fillPlaceholders(text: string, site: SiteSettings): string {
  // `{?flights:said when flights are followed|said otherwise}`: a promise kept
  // only with a flight-status provider has its plain wording beside it.
  const honest = text.replace(
    /\{\?flights:((?:[^|{}]|\{\w+\})*)\|((?:[^{}]|\{\w+\})*)\}/g,
    (_, followed: string, otherwise: string) => (site.followsFlights ? followed : otherwise),
  )
  const values: Record<string, string | number> = {
    ...ruleNumbers,
    brand: site.brand,
    legalName: site.legalName,
    email: site.email,
    phone: site.phone,
    address: site.address,
    registration: site.registration,
    tursab: site.tursabCode,
    website: site.baseUrl,
  }
  return honest.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole))
}
