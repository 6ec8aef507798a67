import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { BlogCard as BlogCardData } from '~/content/blog.server'
import type { PricedVehicleClass } from '~/content/fleet.server'
import type { Service } from '~/content/services.server'
import type { Language } from '~/i18n/config'
import { formatDate, formatMoney } from '~/utils/format'
import { Icon } from './icons'

/** A class's capacity (and, where asked, its payment options) as an icon list. */
export function VehicleSpecs({
  passengers,
  luggage,
  paymentOptions,
}: {
  passengers: number
  luggage: number
  paymentOptions?: readonly ('card' | 'cash')[]
}) {
  const { t } = useTranslation()
  return (
    <ul className="vehicle-card__specs">
      <li>
        <Icon name="user" size={18} />
        {t('fleet.passengers', { count: passengers })}
      </li>
      <li>
        <Icon name="suitcase" size={18} />
        {t('fleet.luggage', { count: luggage })}
      </li>
      {paymentOptions ? (
        <li>
          <Icon name="tag" size={18} />
          {paymentOptions.map((option) => t(`fleet.paymentOption.${option}`)).join(' · ')}
        </li>
      ) : null}
    </ul>
  )
}

export function VehicleCard({
  vehicle,
  language,
  headingLevel = 3,
}: {
  vehicle: PricedVehicleClass
  language: Language
  headingLevel?: 2 | 3
}) {
  const { t } = useTranslation()
  const Heading = `h${headingLevel}` as const
  return (
    <article className="card vehicle-card">
      <div className="vehicle-card__media">
        <img src={vehicle.image} alt="" width="480" height="240" loading="lazy" />
      </div>
      <div className="card__body">
        <Heading className="card__title">
          <Link to={`/fleet-single/${vehicle.id}`} className="card__link">
            {vehicle.title}
          </Link>
        </Heading>
        <p className="vehicle-card__models">{vehicle.models.join(', ')}</p>
        <VehicleSpecs passengers={vehicle.passengers} luggage={vehicle.luggage} />
        <p className="vehicle-card__price">
          <span>{t('fleet.startingFrom')}</span>{' '}
          <strong>{formatMoney(vehicle.startingPrice, 'EUR', language)}</strong>
        </p>
      </div>
    </article>
  )
}

export function ServiceCard({
  service,
  headingLevel = 3,
}: {
  service: Service
  headingLevel?: 2 | 3
}) {
  const { t } = useTranslation()
  const Heading = `h${headingLevel}` as const
  return (
    <article className="card service-card">
      <img
        src={service.image}
        alt=""
        width="600"
        height="400"
        loading="lazy"
        className="card__image"
      />
      <div className="card__body">
        <Heading className="card__title">{service.title}</Heading>
        <p>{service.summary}</p>
        <Link to={`/services/${service.slug}`} className="text-link">
          {t('services.learnMore')}
          <span className="visually-hidden">: {service.title}</span>
          <Icon name="arrowRight" size={18} />
        </Link>
      </div>
    </article>
  )
}

export function BlogCard({
  post,
  language,
  showExcerpt = true,
  layout = 'grid',
  headingLevel = 3,
}: {
  post: BlogCardData
  language: Language
  showExcerpt?: boolean
  layout?: 'grid' | 'list'
  headingLevel?: 2 | 3
}) {
  const { t } = useTranslation()
  const Heading = `h${headingLevel}` as const
  return (
    <article className={`card blog-card blog-card--${layout}`}>
      <img
        src={post.image}
        alt=""
        width="800"
        height="450"
        loading="lazy"
        className="blog-card__image"
      />
      <div className="card__body">
        <p className="blog-card__meta">
          <span className="badge">{post.category}</span>
          <time dateTime={post.date}>{formatDate(post.date, language)}</time>
        </p>
        <Heading className="card__title">
          <Link to={`/blog/${post.id}/${post.slug}`} className="card__link">
            {post.title}
          </Link>
        </Heading>
        {showExcerpt ? <p className="blog-card__excerpt">{post.excerpt}</p> : null}
        <p className="blog-card__minutes">{t('blog.minutes', { count: post.minutes })}</p>
      </div>
    </article>
  )
}
