import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/home'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { listServices } from '~/content/services.server'
import { listVehicleClasses } from '~/content/fleet.server'
import { pricedFleet } from '~/pricing/priced-fleet.server'
import { pricesInForce } from '~/pricing/prices-in-force.server'
import { listBlogCards } from '~/content/blog.server'
import { listTestimonials } from '~/content/pages.server'
import { RideSearch } from '~/components/route-search-form'
import { BlogCard, ServiceCard, VehicleCard } from '~/components/cards'
import { TestimonialCarousel } from '~/components/testimonial-carousel'
import { SocialLinks } from '~/components/site-footer'
import { VideoModal } from '~/components/video-modal'
import { Icon, type IconName } from '~/components/icons'
import { searchFormOptions } from '~/booking/search-form-options'
import { publishedReviewsNow } from '~/reviews/published-reviews.server'
import { businessJsonLd, jsonLdText } from '~/reviews/review-structured-data.server'
import { PublishedReviews } from '~/components/published-reviews'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'

/** How many items of each list the home page shows. */
const HOME_SERVICES = 3
const HOME_FLEET = 3
const HOME_POSTS = 3
const HOME_TESTIMONIALS = 2

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const isAlias = new URL(request.url).pathname !== '/'
  const now = new Date()
  const prices = await pricesInForce().inForce(now)
  // From the copy in memory: the page is kept under its generation (page-cache.server.ts).
  const reviews = await publishedReviewsNow().forSite()
  return {
    language,
    site,
    // /home shows the same page as /, which is the canonical address.
    meta: meta('home', isAlias ? { override: { canonical_url: '/' } } : {}),
    services: listServices(language, site).slice(0, HOME_SERVICES),
    fleet: await pricedFleet(listVehicleClasses(language, site).slice(0, HOME_FLEET)),
    posts: listBlogCards(language, site, HOME_POSTS),
    testimonials: listTestimonials(language, site, HOME_TESTIMONIALS),
    reviews,
    jsonLd: jsonLdText(businessJsonLd(site, reviews)),
    ...searchFormOptions(language, now, prices.list),
  }
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

// Not hydrated: the search and the testimonials have their scripts in
// app/enhancements/; the video and the menus open without any.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

const steps: { icon: IconName; key: string }[] = [
  { icon: 'route', key: 'route' },
  { icon: 'car', key: 'vehicle' },
  { icon: 'star', key: 'ride' },
]

const showcaseTicks = ['affordable', 'punctual', 'professional', 'luxury'] as const
const tripWays: { icon: IconName; key: string }[] = [
  { icon: 'shield', key: 'safety' },
  { icon: 'tag', key: 'pricing' },
  { icon: 'car', key: 'fleet' },
]
const aboutTicks = ['fleet', 'safe', 'comfortable'] as const

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { language, site } = loaderData
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="eyebrow eyebrow--light">{t('home.hero.eyebrow')}</p>
          <h1 id="hero-title" className="hero__title">
            {t('home.hero.title')}
          </h1>
          <p className="hero__subtitle">{t('home.hero.subtitle')}</p>
          <RideSearch
            idPrefix="home-search"
            dateMin={loaderData.dateMin}
            dateMax={loaderData.dateMax}
            times={loaderData.times}
            placeNames={loaderData.placeNames}
            hirePlaceNames={loaderData.hirePlaceNames}
            hireHours={loaderData.hireHours}
            hireIncludedKm={loaderData.hireIncludedKm}
            origin="home"
          />
          <ul className="hero__promises">
            <li>
              <Icon name="clock" size={18} /> {t('home.hero.waiting')}
            </li>
            <li>
              <Icon name="plane" size={18} />{' '}
              {t(site.followsFlights ? 'home.hero.tracking' : 'home.hero.meetGreet')}
            </li>
            <li>
              <Icon name="tag" size={18} /> {t('home.hero.fixedPrices')}
            </li>
          </ul>
        </div>
        <img
          className="hero__skyline"
          src="/images/hero-skyline.svg"
          alt=""
          width="1600"
          height="600"
        />
      </section>

      <section className="section" aria-labelledby="how-title">
        <div className="container">
          <header className="section-heading">
            <p className="eyebrow">{t('home.how.eyebrow')}</p>
            <h2 id="how-title">{t('home.how.title')}</h2>
          </header>
          <ol className="steps">
            {steps.map((step, index) => (
              <li key={step.key} className="step">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <Icon name={step.icon} size={32} className="step__icon" />
                <h3>{t(`home.how.${step.key}.title`)}</h3>
                <p>{t(`home.how.${step.key}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="services-title">
        <div className="container">
          <header className="section-heading">
            <p className="eyebrow">{t('home.services.eyebrow')}</p>
            <h2 id="services-title">{t('home.services.title')}</h2>
          </header>
          <div className="grid grid--3">
            {loaderData.services.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="fleet-title">
        <div className="container">
          <header className="section-heading section-heading--split">
            <div>
              <p className="eyebrow">{t('home.fleet.eyebrow')}</p>
              <h2 id="fleet-title">{t('home.fleet.title')}</h2>
            </div>
            <Link to="/fleet-list" className="button button--ghost">
              {t('home.fleet.more')}
            </Link>
          </header>
          <div className="grid grid--3">
            {loaderData.fleet.map((vehicle) => (
              <VehicleCard key={vehicle.id} vehicle={vehicle} language={language} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="news-title">
        <div className="container">
          <header className="section-heading section-heading--split">
            <div>
              <p className="eyebrow">{t('home.news.eyebrow')}</p>
              <h2 id="news-title">{t('home.news.title')}</h2>
            </div>
            <Link to="/blog-grid" className="button button--ghost">
              {t('home.news.more')}
            </Link>
          </header>
          <div className="grid grid--3">
            {loaderData.posts.map((post) => (
              <BlogCard key={post.id} post={post} language={language} showExcerpt={false} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section--navy achievements" aria-labelledby="achievements-title">
        <div className="container achievements__inner">
          <div>
            <p className="eyebrow eyebrow--light">{t('home.achievements.eyebrow')}</p>
            <h2 id="achievements-title">{t('home.achievements.title')}</h2>
            <dl className="stats">
              <div>
                <dt>{t('home.achievements.vehiclesLabel')}</dt>
                <dd>4</dd>
              </div>
              <div>
                <dt>{t('home.achievements.customersLabel')}</dt>
                <dd>100+</dd>
              </div>
            </dl>
            <p className="achievements__follow">{t('home.achievements.follow')}</p>
            <SocialLinks site={site} className="social-tiles" />
          </div>
          <VideoModal videoUrl={site.promoVideoUrl} />
        </div>
      </section>

      <section className="section" aria-labelledby="showcase-title">
        <div className="container split">
          <img
            src="/images/showcase.svg"
            alt=""
            width="600"
            height="500"
            loading="lazy"
            className="split__media"
          />
          <div>
            <p className="eyebrow">{t('home.showcase.eyebrow')}</p>
            <h2 id="showcase-title">{t('home.showcase.title')}</h2>
            <p>{t('home.showcase.text')}</p>
            <ul className="ticks ticks--2">
              {showcaseTicks.map((key) => (
                <li key={key}>
                  <Icon name="check" size={20} /> {t(`home.showcase.${key}`)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="trip-title">
        <div className="container">
          <header className="section-heading">
            <p className="eyebrow">{t('home.trip.eyebrow')}</p>
            <h2 id="trip-title">{t('home.trip.title')}</h2>
          </header>
          <ul className="grid grid--3 features">
            {tripWays.map((item) => (
              <li key={item.key} className="feature">
                <Icon name={item.icon} size={32} className="feature__icon" />
                <h3>{t(`home.trip.${item.key}.title`)}</h3>
                <p>{t(`home.trip.${item.key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section testimonials-section" aria-labelledby="testimonials-title">
        <div className="container split split--reverse">
          <div>
            <p className="eyebrow">{t('home.testimonials.eyebrow')}</p>
            <h2 id="testimonials-title">{t('home.testimonials.title')}</h2>
            <TestimonialCarousel items={loaderData.testimonials} />
            <Link to="/login" className="button">
              {t('home.testimonials.getStarted')}
            </Link>
          </div>
          <img
            src="/images/plane.svg"
            alt=""
            width="400"
            height="240"
            loading="lazy"
            className="testimonials-section__plane"
          />
        </div>
      </section>

      <PublishedReviews
        published={loaderData.reviews}
        language={language}
        className="section section--follows"
      />

      <section className="section section--tint" aria-labelledby="about-title">
        <div className="container split">
          <img
            src="/images/about.svg"
            alt=""
            width="600"
            height="500"
            loading="lazy"
            className="split__media"
          />
          <div>
            <p className="eyebrow">{t('home.about.eyebrow')}</p>
            <h2 id="about-title">{t('home.about.title')}</h2>
            <p>{t('home.about.text', { brand: site.brand })}</p>
            <ul className="ticks">
              {aboutTicks.map((key) => (
                <li key={key}>
                  <Icon name="check" size={20} /> {t(`home.about.${key}`)}
                </li>
              ))}
            </ul>
            <Link to="/about" className="button button--ghost">
              {t('home.about.more')}
            </Link>
          </div>
        </div>
      </section>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
    </>
  )
}
