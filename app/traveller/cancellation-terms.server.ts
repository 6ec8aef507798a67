import type { SiteSettings } from '~/config/site'
import { legalPage } from '~/content/legal.server'
import type { Language } from '~/i18n/config'

/**
 * The terms' own words on cancellation and refunds, for the page that tells a
 * traveller past the free cancellation why they cannot cancel online: the
 * section of the terms marked `cancellation` (content/legal/terms.json),
 * read from the terms themselves so the two can never say different things,
 * and the address of that section on the terms page.
 */
export function cancellationTerms(language: Language, site: SiteSettings) {
  const terms = legalPage('terms', language, site)
  const index = terms.sections.findIndex((section) => section.id === 'cancellation')
  const section = terms.sections[index]
  if (!section) throw new Error('the terms state no cancellation rule')
  return {
    heading: section.heading,
    rules: section.blocks.flatMap((block) => (block.type === 'list' ? block.items : [])),
    href: `/terms#section-${index + 1}`,
  }
}
