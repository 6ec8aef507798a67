import type { Language } from '~/i18n/config'
import type { SiteSettings } from '~/config/site'
import { serviceSchema, type ServiceFile } from './schemas'
import { inLanguage, oncePerLanguage, type InLanguage } from './localize'
import raw from '../../content/services.json'

const services: ServiceFile[] = serviceSchema.array().min(1).parse(raw)

export type Service = InLanguage<ServiceFile>

export const listServices: (language: Language, site: SiteSettings) => Service[] = oncePerLanguage(
  (language, site) => services.map((service) => inLanguage(service, language, site)),
)

/** The service with this slug, or the first service for an unknown slug. */
export function findServiceOrFirst(slug: string, language: Language, site: SiteSettings) {
  const service = services.find((candidate) => candidate.slug === slug) ?? services[0]!
  return { service: inLanguage(service, language, site), isFallback: service.slug !== slug }
}

export function allServiceSlugs(): string[] {
  return services.map((service) => service.slug)
}
