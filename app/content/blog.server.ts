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

export function listBlogCards(language: Language, site: SiteSettings, limit?: number): BlogCard[] {
  return posts.slice(0, limit).map((post) => toCard(inLanguage(post, language, site)))
}

export function findBlogPost(
  id: number,
  language: Language,
  site: SiteSettings,
): BlogPost | undefined {
  const post = posts.find((candidate) => candidate.id === id)
  return post && inLanguage(post, language, site)
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
    .map((candidate) => toCard(inLanguage(candidate, language, site)))
}

export function recentBlogCards(exceptId: number, language: Language, site: SiteSettings) {
  return posts
    .filter((post) => post.id !== exceptId)
    .slice(0, RECENT_POSTS)
    .map((post) => toCard(inLanguage(post, language, site)))
}

export function allBlogPaths(): string[] {
  return posts.map(blogPath)
}
