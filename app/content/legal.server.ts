import type { Language } from '~/i18n/config'
import type { SiteSettings } from '~/config/site'
import { legalPageSchema, type LegalPageFile } from './schemas'
import { inLanguage, type InLanguage } from './localize'
import privacy from '../../content/legal/privacy-policy.json'
import terms from '../../content/legal/terms.json'
import distance from '../../content/legal/distance-agreement.json'

export const legalSlugs = ['privacy-policy', 'terms', 'distance-agreement'] as const
export type LegalSlug = (typeof legalSlugs)[number]

const pages: Record<LegalSlug, LegalPageFile> = {
  'privacy-policy': legalPageSchema.parse(privacy),
  terms: legalPageSchema.parse(terms),
  'distance-agreement': legalPageSchema.parse(distance),
}

export type LegalPage = InLanguage<LegalPageFile>

export function legalPage(slug: LegalSlug, language: Language, site: SiteSettings): LegalPage {
  return inLanguage(pages[slug], language, site)
}
