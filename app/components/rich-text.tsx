import { Fragment } from 'react'
import { Link } from 'react-router'
import type { Block } from '~/content/schemas'
import { Icon } from './icons'

const linkPattern = /\[([^\]]+)\]\(([^)\s]+)\)/g

/**
 * Text with `[label](href)` links, the only markup content files may hold.
 * Site paths become router links; mailto: and https: become plain anchors.
 */
export function InlineText({ text }: { text: string }) {
  const parts: React.ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(linkPattern)) {
    const [whole, label, href] = match as unknown as [string, string, string]
    parts.push(text.slice(last, match.index))
    if (href.startsWith('/')) {
      parts.push(
        <Link key={match.index} to={href}>
          {label}
        </Link>,
      )
    } else if (/^(mailto:|tel:|https:)/.test(href)) {
      parts.push(
        <a
          key={match.index}
          href={href}
          rel={href.startsWith('https:') ? 'noopener noreferrer' : undefined}
        >
          {label}
        </a>,
      )
    } else {
      parts.push(label)
    }
    last = match.index + whole.length
  }
  parts.push(text.slice(last))
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  )
}

/** Renders content blocks (blog posts, legal sections). `headingLevel` keeps the outline. */
export function RichText({
  blocks,
  headingLevel = 2,
}: {
  blocks: Block[]
  headingLevel?: 2 | 3 | 4
}) {
  const Heading = `h${headingLevel}` as const
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'heading':
            return <Heading key={index}>{block.text}</Heading>
          case 'paragraph':
            return (
              <p key={index}>
                <InlineText text={block.text} />
              </p>
            )
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>
                    <InlineText text={item} />
                  </li>
                ))}
              </ul>
            )
          case 'image':
            return (
              <figure key={index} className="rich-figure">
                <img src={block.src} alt={block.alt} loading="lazy" width="800" height="450" />
              </figure>
            )
          case 'tip':
            return (
              <aside key={index} className="tip">
                <Icon name="sparkle" size={20} />
                <p>
                  <InlineText text={block.text} />
                </p>
              </aside>
            )
        }
      })}
    </>
  )
}
