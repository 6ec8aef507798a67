import type { Block } from './schemas'

/** Number of characters of a blog card's excerpt. */
export const EXCERPT_LENGTH = 150
export const RELATED_POSTS = 3
export const RECENT_POSTS = 5

/** Plain text of `[label](href)` links: their labels. */
export function stripLinks(text: string): string {
  return text.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
}

/**
 * The first `length` characters of a post's text, cut at a word boundary and
 * closed with an ellipsis when anything was cut.
 */
export function excerpt(sections: Block[], length = EXCERPT_LENGTH): string {
  const text = sections
    .flatMap((block) =>
      block.type === 'paragraph' || block.type === 'tip'
        ? [block.text]
        : block.type === 'list'
          ? block.items
          : [],
    )
    .map(stripLinks)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= length) return text
  const cut = text.slice(0, length - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

export function readingMinutes(sections: Block[]): number {
  const words = sections
    .flatMap((block) =>
      'text' in block ? [block.text] : block.type === 'list' ? block.items : [],
    )
    .join(' ')
    .split(/\s+/).length
  return Math.max(1, Math.round(words / 200))
}
