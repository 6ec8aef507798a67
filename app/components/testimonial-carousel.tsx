import { useTranslation } from '~/i18n/use-translation'
import { Icon } from './icons'

interface Item {
  id: number
  name: string
  role: string
  content: string
}

/**
 * The home testimonials as the server renders them: every one shown, which is
 * the page without JavaScript. app/enhancements/carousel.ts makes them a
 * carousel; the words it needs come translated in data attributes.
 */
export function TestimonialCarousel({ items }: { items: Item[] }) {
  const { t } = useTranslation()
  return (
    <div
      className="testimonials"
      data-carousel-label={t('home.testimonials.carousel')}
      data-slide-label={t('home.testimonials.slide')}
    >
      <ul className="testimonials__track" aria-live="off">
        {items.map((item, index) => (
          <li
            key={item.id}
            className="testimonial"
            data-position={t('home.testimonials.position', {
              index: index + 1,
              count: items.length,
            })}
            data-show={t('home.testimonials.show', { index: index + 1 })}
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
    </div>
  )
}
