import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from './icons'

/** Autoplay interval of the home testimonials: 10 s. */
export const TESTIMONIAL_AUTOPLAY_MS = 10_000

interface Item {
  id: number
  name: string
  role: string
  content: string
}

/**
 * Without JavaScript every testimonial is shown; once hydrated it becomes a
 * looping carousel with pagination that advances every 10 s, pausing while the
 * pointer or focus is on it and never moving for reduced-motion users.
 */
export function TestimonialCarousel({ items }: { items: Item[] }) {
  const { t } = useTranslation()
  const [enhanced, setEnhanced] = useState(false)
  const [active, setActive] = useState(0)
  const [paused, setPaused] = useState(false)
  // Slides fade in only once the carousel has moved, not when it first hydrates.
  const [moved, setMoved] = useState(false)
  const show = (index: number) => {
    setMoved(true)
    setActive(index)
  }
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => setEnhanced(true), [])

  useEffect(() => {
    if (!enhanced || paused || items.length < 2) return
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    const timer = window.setInterval(() => {
      setMoved(true)
      setActive((index) => (index + 1) % items.length)
    }, TESTIMONIAL_AUTOPLAY_MS)
    return () => window.clearInterval(timer)
  }, [enhanced, paused, items.length])

  return (
    <div
      ref={root}
      className={`testimonials${enhanced ? ' is-enhanced' : ''}${moved ? ' has-moved' : ''}`}
      aria-roledescription={enhanced ? t('home.testimonials.carousel') : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul className="testimonials__track" aria-live={enhanced && paused ? 'polite' : 'off'}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className="testimonial"
            hidden={enhanced && index !== active}
            aria-roledescription={enhanced ? t('home.testimonials.slide') : undefined}
            aria-label={
              enhanced
                ? t('home.testimonials.position', { index: index + 1, count: items.length })
                : undefined
            }
          >
            <Icon name="quote" size={36} className="testimonial__quote" />
            <blockquote>
              <p>{item.content}</p>
            </blockquote>
            <p className="testimonial__author">
              <span className="avatar" aria-hidden="true">
                {item.name
                  .split(' ')
                  .map((part) => part[0])
                  .join('')
                  .slice(0, 2)}
              </span>
              <span>
                <strong>{item.name}</strong>
                <span className="testimonial__role">{item.role}</span>
              </span>
            </p>
          </li>
        ))}
      </ul>
      {enhanced && items.length > 1 ? (
        <div className="testimonials__pagination">
          {items.map((item, index) => (
            <button
              key={item.id}
              type="button"
              className="dot"
              aria-label={t('home.testimonials.show', { index: index + 1 })}
              aria-pressed={index === active}
              onClick={() => show(index)}
            />
          ))}
        </div>
      ) : null}
    </div>
  )
}
