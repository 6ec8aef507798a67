import { z } from 'zod'
import { carBrands, carTypes, vehicleClassCodes } from './vehicle-classes'

/**
 * The shapes of the files under `content/` (see content/README.md). Every file
 * is parsed with these at load, so a typo fails the unit tests and the start of
 * the server rather than a page in front of a traveller.
 */
const text = z.string().trim().min(1)

export const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text }),
  z.object({ type: z.literal('paragraph'), text }),
  z.object({ type: z.literal('list'), items: z.array(text).min(1) }),
  z.object({ type: z.literal('image'), src: z.string().startsWith('/images/'), alt: text }),
  z.object({ type: z.literal('tip'), text }),
])
export type Block = z.infer<typeof blockSchema>

/** One object per language: `{ en: …, tr: … }`. */
export function localized<T extends z.ZodType>(schema: T) {
  return z.object({ en: schema, tr: schema })
}

const isoDate = z.iso.date()

export const blogPostSchema = z
  .object({
    id: z.number().int().positive(),
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    date: isoDate,
    image: z.string().startsWith('/images/'),
    related: z.array(z.number().int()).default([]),
  })
  .and(
    localized(
      z.object({
        title: text,
        category: text,
        metaDescription: text,
        sections: z.array(blockSchema).min(1),
      }),
    ),
  )
export type BlogPostFile = z.infer<typeof blogPostSchema>

export const legalPageSchema = z
  .object({ updated: isoDate })
  .and(
    localized(
      z.object({
        title: text,
        metaDescription: text,
        intro: z.array(text),
        sections: z
          .array(
            z.object({
              /** Names a section that code quotes (the terms' `cancellation`). */
              id: z.string().optional(),
              heading: text,
              blocks: z.array(blockSchema).min(1),
            }),
          )
          .min(1),
      }),
    ),
  )
export type LegalPageFile = z.infer<typeof legalPageSchema>

export const serviceSchema = z
  .object({
    id: z.number().int().positive(),
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    image: z.string().startsWith('/images/'),
    group: z.enum(['main', 'route']),
  })
  .and(
    localized(
      z.object({
        title: text,
        summary: text,
        paragraphs: z.array(text).min(1),
        features: z.array(text).min(1),
        sections: z.array(z.object({ title: text, text, image: z.string().startsWith('/images/') })),
      }),
    ),
  )
export type ServiceFile = z.infer<typeof serviceSchema>


export const vehicleClassSchema = z
  .object({
    id: z.number().int().positive(),
    code: z.enum(vehicleClassCodes),
    carType: z.enum(carTypes),
    brand: z.enum(carBrands),
    image: z.string().startsWith('/images/'),
    paymentOptions: z.array(z.enum(['card', 'cash'])).min(1),
  })
  .and(
    localized(
      z.object({
        title: text,
        models: z.array(text).min(1),
        description: text,
        features: z.array(text).min(1),
      }),
    ),
  )
export type VehicleClassFile = z.infer<typeof vehicleClassSchema>

const timelineEntry = z.object({ period: text, title: text, text })
export const teamMemberSchema = z
  .object({ id: z.number().int().positive(), name: text, initials: z.string().min(1).max(3) })
  .and(
    localized(
      z.object({
        role: text,
        biography: z.array(text).min(1),
        experiences: z.array(timelineEntry).min(1),
        education: z.array(timelineEntry).min(1),
        awards: z.array(timelineEntry).min(1),
      }),
    ),
  )
export type TeamMemberFile = z.infer<typeof teamMemberSchema>

export const testimonialSchema = z
  .object({ id: z.number().int().positive(), name: text })
  .and(localized(z.object({ role: text, content: text })))
export type TestimonialFile = z.infer<typeof testimonialSchema>

export const pricingPlanSchema = z
  .object({ id: z.number().int().positive(), monthlyPrice: z.number().min(0) })
  .and(localized(z.object({ title: text, description: text, features: z.array(text).min(1) })))
export type PricingPlanFile = z.infer<typeof pricingPlanSchema>

export const aboutSchema = localized(
  z.object({
    heading: text,
    lead: text,
    story: z.array(text).min(1),
    values: z.array(z.object({ title: text, text })).min(1),
    stats: z.array(z.object({ value: text, label: text })).min(1),
    partners: z.array(z.object({ name: text, text })).min(1),
  }),
)
export type AboutFile = z.infer<typeof aboutSchema>

export const pageMetaSchema = z.object({
  title: text,
  description: text,
  keywords: z.string().optional(),
  og_title: z.string().optional(),
  og_description: z.string().optional(),
  canonical_url: z.string().optional(),
})
export type PageMetaEntry = z.infer<typeof pageMetaSchema>
export const metaFileSchema = z.record(z.string(), localized(pageMetaSchema))
