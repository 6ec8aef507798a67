import type { Language } from '~/i18n/config'
import type { SiteSettings } from '~/config/site'
import {
  aboutSchema,
  pricingPlanSchema,
  testimonialSchema,
  type PricingPlanFile,
  type TestimonialFile,
} from './schemas'
import { fillDeep, inLanguage, type InLanguage } from './localize'
import testimonialsRaw from '../../content/testimonials.json'
import plansRaw from '../../content/pricing-plans.json'
import aboutRaw from '../../content/about.json'

const testimonials = testimonialSchema.array().min(2).parse(testimonialsRaw)
const plans = pricingPlanSchema.array().length(3).parse(plansRaw)
const about = aboutSchema.parse(aboutRaw)

export type Testimonial = InLanguage<TestimonialFile>
export type PricingPlan = InLanguage<PricingPlanFile>

/** The first `limit` testimonials of the static list (the home carousel shows two). */
export function listTestimonials(language: Language, site: SiteSettings, limit?: number) {
  return testimonials.slice(0, limit).map((item) => inLanguage(item, language, site))
}

export function listPricingPlans(language: Language, site: SiteSettings): PricingPlan[] {
  return plans.map((plan) => inLanguage(plan, language, site))
}

export function aboutContent(language: Language, site: SiteSettings) {
  return fillDeep(about[language], site)
}
