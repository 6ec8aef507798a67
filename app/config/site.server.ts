import { getEnv, type Env } from './env.server'
import type { SiteSettings, SocialNetwork } from './site'

export function siteSettingsFrom(env: Env): SiteSettings {
  const social: SiteSettings['social'] = (
    [
      ['facebook', env.SOCIAL_FACEBOOK],
      ['instagram', env.SOCIAL_INSTAGRAM],
      ['x', env.SOCIAL_X],
      ['linkedin', env.SOCIAL_LINKEDIN],
      ['youtube', env.SOCIAL_YOUTUBE],
    ] as [SocialNetwork, string | undefined][]
  ).flatMap(([network, url]) => (url ? [{ network, url }] : []))
  return {
    brand: env.BRAND_NAME,
    legalName: env.LEGAL_NAME,
    phone: env.CONTACT_PHONE,
    email: env.CONTACT_EMAIL,
    address: env.OFFICE_ADDRESS,
    officeHours: env.OFFICE_HOURS,
    registration: env.COMPANY_REGISTRATION,
    tursabCode: env.TURSAB_CODE,
    baseUrl: env.PUBLIC_BASE_URL,
    whatsappNumber: env.WHATSAPP_NUMBER,
    social,
    mapsBrowserKey: env.GOOGLE_MAPS_BROWSER_KEY,
    promoVideoUrl: env.PROMO_VIDEO_URL ?? '',
    launchDate: env.LAUNCH_DATE,
    followsFlights: env.FLIGHT_STATUS_PROVIDER !== 'none',
  }
}

let cached: SiteSettings | undefined

export function getSiteSettings(): SiteSettings {
  cached ??= siteSettingsFrom(getEnv())
  return cached
}
