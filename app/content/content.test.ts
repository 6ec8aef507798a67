import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/config/env.server'
import { siteSettingsFrom } from '~/config/site.server'
import { fillPlaceholders } from '~/config/site'
import { ruleNumbers } from '~/domain/booking/rule-numbers'
import { blogPath, findBlogPost, listBlogCards, recentBlogCards, relatedBlogCards } from './blog.server'
import { excerpt, EXCERPT_LENGTH } from './blog'
import { findServiceOrFirst, listServices } from './services.server'
import { findTeamMemberOrFirst, listTeam } from './team.server'
import { findVehicleClass, listVehicleClasses, withStartingPrices } from './fleet.server'
import { builtinPriceList } from '~/domain/pricing/builtin-price-list'
import { matchesFleetFilter, parseFleetFilter } from './fleet-filter'
import { legalPage, legalSlugs } from './legal.server'
import { aboutContent, listPricingPlans, listTestimonials } from './pages.server'
import { footerLinks, TOP_PLACE_POST_IDS } from './footer.server'
import { planPriceCents, parseBilling } from './pricing-plans'
import { remainingUntil } from './countdown'
import { metaEntry } from '~/seo/meta.server'
import en from '~/locales/en.json'
import tr from '~/locales/tr.json'

const site = siteSettingsFrom(parseEnv({}))
const languages = ['en', 'tr'] as const

describe('blog', () => {
  it('has at least six posts in both languages, including the footer ids', () => {
    for (const language of languages) {
      const cards = listBlogCards(language, site)
      expect(cards.length).toBeGreaterThanOrEqual(6)
      for (const id of TOP_PLACE_POST_IDS) expect(cards.map((card) => card.id)).toContain(id)
    }
    expect(findBlogPost(32322, 'tr', site)?.title).not.toBe(findBlogPost(32322, 'en', site)?.title)
  })

  it('lists posts newest first with 150-character excerpts', () => {
    const cards = listBlogCards('en', site)
    const dates = cards.map((card) => card.date)
    expect(dates).toEqual([...dates].sort().reverse())
    for (const card of cards) {
      expect(card.excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH)
      expect(card.excerpt.length).toBeGreaterThan(60)
      expect(card.excerpt).not.toMatch(/\]\(/)
    }
  })

  it('cuts excerpts at a word and strips link markup', () => {
    const text = excerpt([
      { type: 'paragraph', text: 'Book your [airport transfer](/services/airport-transfers) early. '.repeat(6) },
    ])
    expect(text.endsWith('…')).toBe(true)
    expect(text).toContain('airport transfer early.')
    expect(text.length).toBeLessThanOrEqual(EXCERPT_LENGTH)
    expect(excerpt([{ type: 'paragraph', text: 'Short.' }])).toBe('Short.')
  })

  it('finds a post by id and builds its canonical path', () => {
    const post = findBlogPost(32322, 'en', site)
    expect(post).toBeDefined()
    expect(blogPath(post!)).toBe(`/blog/32322/${post!.slug}`)
    expect(findBlogPost(1, 'en', site)).toBeUndefined()
  })

  it('gives three related and five recent posts, never the post itself', () => {
    const related = relatedBlogCards(32322, 'en', site)
    const recent = recentBlogCards(32322, 'en', site)
    expect(related).toHaveLength(3)
    expect(recent).toHaveLength(5)
    expect([...related, ...recent].map((card) => card.id)).not.toContain(32322)
  })

  it('links every related id and every internal link to something that exists', () => {
    const ids = new Set(listBlogCards('en', site).map((card) => card.id))
    for (const id of ids) {
      for (const language of languages) {
        const post = findBlogPost(id, language, site)!
        for (const block of post.sections) {
          const texts = 'text' in block ? [block.text] : block.type === 'list' ? block.items : []
          for (const text of texts) {
            for (const [, href] of text.matchAll(/\]\((\/[^)]*)\)/g)) {
              const blogLink = href!.match(/^\/blog\/(\d+)\/([a-z0-9-]+)$/)
              if (blogLink) {
                expect(findBlogPost(Number(blogLink[1]), language, site)?.slug).toBe(blogLink[2])
              }
            }
          }
        }
      }
    }
  })
})

describe('services', () => {
  it('keeps the service slugs, the same in both languages', () => {
    const slugs = listServices('en', site).map((service) => service.slug)
    expect(slugs.slice(0, 6)).toEqual([
      'intercity-rides',
      'chauffeur-hailing',
      'airport-transfers',
      'limousine-service',
      'chauffeur-service',
      'luxury-sprinter-class',
    ])
    expect(slugs).toEqual(expect.arrayContaining(['intercity-rides-2', 'intercity-rides-5']))
    expect(listServices('tr', site).map((service) => service.slug)).toEqual(slugs)
  })

  it('falls back to the first service for an unknown slug', () => {
    expect(findServiceOrFirst('airport-transfers', 'en', site)).toMatchObject({
      isFallback: false,
      service: { slug: 'airport-transfers' },
    })
    expect(findServiceOrFirst('no-such-service', 'tr', site)).toMatchObject({
      isFallback: true,
      service: { slug: 'intercity-rides' },
    })
  })
})

describe('team', () => {
  it('has eight members and falls back to the first', () => {
    expect(listTeam('en', site)).toHaveLength(8)
    expect(findTeamMemberOrFirst(4, 'en', site)).toMatchObject({ isFallback: false, member: { id: 4 } })
    expect(findTeamMemberOrFirst(999, 'en', site)).toMatchObject({ isFallback: true, member: { id: 1 } })
    expect(findTeamMemberOrFirst(Number.NaN, 'tr', site).member.id).toBe(1)
  })
})

describe('fleet', () => {
  it('lists the four classes in the display order with their capacities', () => {
    const fleet = withStartingPrices(listVehicleClasses('en', site), builtinPriceList)
    expect(fleet.map((vehicle) => [vehicle.code, vehicle.passengers, vehicle.luggage, vehicle.startingPrice])).toEqual([
      ['ECOMNVN', 6, 8, 47],
      ['LUXMNVN', 5, 6, 68],
      ['ECOMNBS', 15, 15, 88],
      ['LUXMNBS', 12, 15, 120],
    ])
    expect(findVehicleClass(5, 'en', site)).toBeUndefined()
  })

  it('filters by type and make, ignoring unknown values', () => {
    const fleet = withStartingPrices(listVehicleClasses('en', site), builtinPriceList)
    const filter = (query: string) =>
      fleet.filter((vehicle) => matchesFleetFilter(vehicle, parseFleetFilter(new URLSearchParams(query))))
    expect(filter('')).toHaveLength(4)
    expect(filter('type=Van').map((vehicle) => vehicle.code)).toEqual(['LUXMNBS'])
    expect(filter('brand=Mercedes-Benz')).toHaveLength(3)
    expect(filter('type=Minivan&brand=Mercedes-Benz')).toHaveLength(0)
    expect(filter('brand=Ford')).toHaveLength(0)
    expect(filter('type=<script>')).toHaveLength(4)
  })
})

describe('pages', () => {
  it('has legal pages with contact e-mail filled in, in both languages', () => {
    for (const slug of legalSlugs) {
      for (const language of languages) {
        const page = legalPage(slug, language, site)
        const text = JSON.stringify(page)
        expect(text).toContain(site.email)
        expect(text).not.toMatch(/\{\w+\}/)
      }
    }
    const privacy = legalPage('privacy-policy', 'en', site).sections.map((section) => section.heading)
    expect(privacy.slice(0, 5)).toEqual([
      expect.stringMatching(/^1\. Information We Collect/),
      expect.stringMatching(/^2\. How We Use Your Information/),
      expect.stringMatching(/^3\. Sharing Your Data/),
      expect.stringMatching(/^4\. Data Security/),
      expect.stringMatching(/^5\. Your Rights/),
    ])
  })

  it('states the required terms', () => {
    const terms = JSON.stringify(legalPage('terms', 'en', site))
    const cancellation = `${ruleNumbers.changeWindowHours} hours`
    for (const rule of [/20 days/, /2 hours/, cancellation, /Istanbul/, /amount paid/i]) {
      expect(terms).toMatch(rule)
    }
  })

  it('shows the first two testimonials and three plans', () => {
    expect(listTestimonials('en', site, 2)).toHaveLength(2)
    expect(listPricingPlans('tr', site).map((plan) => plan.monthlyPrice)).toEqual([0, 599.95, 999.95])
    expect(aboutContent('tr', site).stats.length).toBeGreaterThan(0)
  })

  it('gives the footer its three places and four classes', () => {
    const links = footerLinks('tr', site)
    expect(links.topPlaces.map((place) => place.id)).toEqual([32322, 32323, 32324])
    expect(links.topPlaces[0]!.href).toMatch(/^\/blog\/32322\//)
    expect(links.classes).toHaveLength(4)
  })
})

describe('link markup', () => {
  // `[label](/path)` becomes a link only where a page renders the text with
  // InlineText: a service's paragraphs and section texts, the About story, and
  // the blocks of posts and legal pages. Anywhere else it would reach the page, a
  // card or a meta description as raw brackets.
  const markup = /\[[^\]]+\]\([^)\s]+\)/
  it('appears only in texts the pages render as links', () => {
    for (const language of languages) {
      const about = aboutContent(language, site)
      const plain = [
        ...listServices(language, site).flatMap((service) => [
          service.title,
          service.summary,
          ...service.features,
          ...service.sections.map((section) => section.title),
        ]),
        about.heading,
        about.lead,
        ...about.values.flatMap((value) => [value.title, value.text]),
        ...about.stats.flatMap((stat) => [stat.value, stat.label]),
        ...about.partners.flatMap((partner) => [partner.name, partner.text]),
        ...listPricingPlans(language, site).flatMap((plan) => [plan.title, plan.description, ...plan.features]),
        ...listTestimonials(language, site).flatMap((item) => [item.name, item.role, item.content]),
        ...listBlogCards(language, site).flatMap((card) => {
          const post = findBlogPost(card.id, language, site)!
          return [
            post.title,
            post.category,
            post.metaDescription,
            ...post.sections.flatMap((block) =>
              block.type === 'heading' ? [block.text] : block.type === 'image' ? [block.alt] : [],
            ),
          ]
        }),
      ]
      expect(plain.filter((text) => markup.test(text))).toEqual([])
    }
    expect(markup.test('[Book a driver by the hour](/booking-vehicle?mode=hourly) online')).toBe(true)
  })
})

describe('pricing plans', () => {
  it('bills annual as twelve months at 20 % off, in cents', () => {
    expect(planPriceCents(599.95, 'monthly')).toBe(59995)
    expect(planPriceCents(599.95, 'annual')).toBe(575952)
    expect(planPriceCents(999.95, 'annual')).toBe(959952)
    expect(planPriceCents(0, 'annual')).toBe(0)
    expect(parseBilling('annual')).toBe('annual')
    expect(parseBilling('weekly')).toBe('monthly')
    expect(parseBilling(null)).toBe('monthly')
  })
})

describe('countdown', () => {
  it('counts down and stops at zero', () => {
    const target = new Date('2027-01-02T00:00:00Z')
    expect(remainingUntil(target, new Date('2027-01-01T00:00:00Z'))).toEqual({
      days: 1, hours: 0, minutes: 0, seconds: 0, done: false,
    })
    expect(remainingUntil(target, new Date('2027-01-01T22:58:57Z'))).toMatchObject({
      days: 0, hours: 1, minutes: 1, seconds: 3,
    })
    expect(remainingUntil(target, new Date('2027-02-01T00:00:00Z'))).toMatchObject({ done: true, days: 0 })
  })
})

describe('translations', () => {
  const keys = (value: object, prefix = ''): string[] =>
    Object.entries(value).flatMap(([key, inner]) =>
      inner && typeof inner === 'object' ? keys(inner, `${prefix}${key}.`) : [`${prefix}${key}`],
    )
  it('has every UI string in both languages', () => {
    expect(keys(tr).sort()).toEqual(keys(en).sort())
  })
  it('has page meta for every page in both languages', () => {
    for (const page of ['home', 'about', 'contact', 'fleet-list', 'services', 'blog-grid', 'terms']) {
      for (const language of languages) expect(metaEntry(page, language)?.title).toBeTruthy()
    }
  })
})

describe('settings', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(fillPlaceholders('{brand} · {email} · {nope}', site)).toBe(
      `Marmara Chauffeur · ${site.email} · {nope}`,
    )
    expect(fillPlaceholders('{depositPercent}% now, {cashPercent}% in cash', site)).toBe(
      `${ruleNumbers.depositPercent}% now, ${ruleNumbers.cashPercent}% in cash`,
    )
  })
  it('refuses the development secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/)
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'a-long-random-production-secret' }).SESSION_SECRET).toEqual([
      'a-long-random-production-secret',
    ])
  })
  it('explains invalid settings by name', () => {
    expect(() => parseEnv({ PORT: 'eighty', CONTACT_EMAIL: 'nope' })).toThrow(/PORT[\s\S]*CONTACT_EMAIL|CONTACT_EMAIL[\s\S]*PORT/)
  })
})
