import type { Language } from '~/i18n/config'
import type { SiteSettings } from '~/config/site'
import { blogPath, findBlogPost } from './blog.server'
import { listVehicleClasses } from './fleet.server'
import { oncePerLanguage } from './localize'

/** The posts of the footer's Top Places column: fixed ids, the same in every language. */
export const TOP_PLACE_POST_IDS = [32322, 32323, 32324] as const

/** The footer's links of a language: every page's root loader asks, so they are made once. */
export const footerLinks = oncePerLanguage((language: Language, site: SiteSettings) => {
  return {
    topPlaces: TOP_PLACE_POST_IDS.flatMap((id) => {
      const post = findBlogPost(id, language, site)
      return post ? [{ id, title: post.title, href: blogPath(post) }] : []
    }),
    classes: listVehicleClasses(language, site).map(({ id, title }) => ({ id, title })),
  }
})
