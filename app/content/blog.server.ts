import type { Language } from '~/i18n/config'
import type { SiteSettings } from '~/config/site'
import { blogPostSchema, type BlogPostFile } from './schemas'
import { inLanguage, parseFiles, type InLanguage } from './localize'
import { excerpt, readingMinutes, RECENT_POSTS, RELATED_POSTS } from './blog'

const files = import.meta.glob('/content/blog/*.json', { eager: true, import: 'default' })

/** Every post, newest first. */
const posts: BlogPostFile[] = parseFiles(files, (raw) => blogPostSchema.parse(raw)).sort(
  (a, b) => b.date.localeCompare(a.date) || b.id - a.id,
)

export type BlogPost = InLanguage<BlogPostFile>

/** What a blog card needs: no sections, an excerpt instead. */
export interface BlogCard {
  id: number
  slug: string
  date: string
  image: string
  title: string
  category: string
  excerpt: string
  minutes: number
}

function toCard(post: BlogPost): BlogCard {
  return {
    id: post.id,
    slug: post.slug,
    date: post.date,
    image: post.image,
    title: post.title,
    category: post.category,
    excerpt: excerpt(post.sections),
    minutes: readingMinutes(post.sections),
  }
}

export function blogPath(post: { id: number; slug: string }): string {
  return `/blog/${post.id}/${post.slug}`
}

interface LocalizedBlog {
  posts: Map<number, BlogPost>
  cards: Map<number, BlogCard>
}

/**
 * Each post localized and cut into its card once per language and settings
 * object: the content only changes with a deploy and the settings are read once,
 * so requests share the result instead of localizing and cutting excerpts again.
 */
const localizedBlogs = new WeakMap<SiteSettings, Partial<Record<Language, LocalizedBlog>>>()

function localizedBlog(language: Language, site: SiteSettings): LocalizedBlog {
  let bySite = localizedBlogs.get(site)
  if (!bySite) {
    bySite = {}
    localizedBlogs.set(site, bySite)
  }
  let blog = bySite[language]
  if (!blog) {
    const localized = posts.map((post) => inLanguage(post, language, site))
    blog = {
      posts: new Map(localized.map((post) => [post.id, post])),
      cards: new Map(localized.map((post) => [post.id, toCard(post)])),
    }
    bySite[language] = blog
  }
  return blog
}

function cardOf(id: number, language: Language, site: SiteSettings): BlogCard {
  return localizedBlog(language, site).cards.get(id)!
}

export function listBlogCards(language: Language, site: SiteSettings, limit?: number): BlogCard[] {
  return posts.slice(0, limit).map((post) => cardOf(post.id, language, site))
}

export function findBlogPost(
  id: number,
  language: Language,
  site: SiteSettings,
): BlogPost | undefined {
  return localizedBlog(language, site).posts.get(id)
}

/** The post's chosen related posts (then the newest others), three in all. */
export function relatedBlogCards(id: number, language: Language, site: SiteSettings): BlogCard[] {
  const post = posts.find((candidate) => candidate.id === id)
  const chosen = (post?.related ?? []).flatMap((relatedId) =>
    posts.filter((candidate) => candidate.id === relatedId),
  )
  const others = posts.filter((candidate) => candidate.id !== id && !chosen.includes(candidate))
  return [...chosen, ...others]
    .slice(0, RELATED_POSTS)
    .map((candidate) => cardOf(candidate.id, language, site))
}

export function recentBlogCards(exceptId: number, language: Language, site: SiteSettings) {
  return posts
    .filter((post) => post.id !== exceptId)
    .slice(0, RECENT_POSTS)
    .map((post) => cardOf(post.id, language, site))
}

export function allBlogPaths(): string[] {
  return posts.map(blogPath)
}
