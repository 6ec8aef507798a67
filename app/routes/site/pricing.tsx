import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/pricing'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { listPricingPlans } from '~/content/pages.server'
import { parseBilling, planPriceCents, type Billing } from '~/content/pricing-plans'
import { formatMoney } from '~/utils/format'
import { PageHero } from '~/components/page-hero'
import { Icon } from '~/components/icons'
import { staticPageHandle } from '~/utils/hydrate-handle'

// Not hydrated: links and a plain form, nothing that needs a script.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const billing = parseBilling(new URL(request.url).searchParams.get('billing'))
  const plans = listPricingPlans(language, site).map((plan) => ({
    ...plan,
    priceCents: planPriceCents(plan.monthlyPrice, billing),
  }))
  return { meta: meta('pricing'), billing, plans, language }
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { billing, plans, language } = loaderData
  const options: Billing[] = ['monthly', 'annual']
  return (
    <>
      <PageHero
        title={t('pricing.title')}
        lead={t('pricing.lead')}
        crumbs={[{ label: t('pricing.title') }]}
      />
      <section className="section">
        <div className="container">
          {/* Plain links: the toggle works without JavaScript. */}
          <nav className="segmented" aria-label={t('pricing.billingLabel')}>
            {options.map((option) => (
              <Link
                key={option}
                to={option === 'annual' ? '?billing=annual' : '?billing=monthly'}
                preventScrollReset
                replace
                className="segmented__option"
                aria-current={billing === option ? 'true' : undefined}
              >
                {t(`pricing.${option}`)}
                {option === 'annual' ? (
                  <span className="badge badge--accent">{t('pricing.save')}</span>
                ) : null}
              </Link>
            ))}
          </nav>
          <ul className="grid grid--3 plans">
            {plans.map((plan, index) => (
              <li key={plan.id} className={`card plan${index === 1 ? ' plan--featured' : ''}`}>
                <div className="card__body">
                  <h2 className="card__title">{plan.title}</h2>
                  <p className="plan__price">
                    <strong>{formatMoney(plan.priceCents / 100, 'EUR', language)}</strong>
                    <span>
                      {billing === 'annual' ? t('pricing.perYear') : t('pricing.perMonth')}
                    </span>
                  </p>
                  {billing === 'annual' && plan.monthlyPrice > 0 ? (
                    <p className="plan__was">
                      {t('pricing.insteadOf', {
                        amount: formatMoney(
                          Math.round(plan.monthlyPrice * 1200) / 100,
                          'EUR',
                          language,
                        ),
                      })}
                    </p>
                  ) : null}
                  <p>{plan.description}</p>
                  <ul className="ticks">
                    {plan.features.map((feature) => (
                      <li key={feature}>
                        <Icon name="check" size={20} /> {feature}
                      </li>
                    ))}
                  </ul>
                  <Link
                    to="/contact"
                    className={`button button--block${index === 1 ? ' button--accent' : ''}`}
                  >
                    {t('pricing.choose')}
                    <span className="visually-hidden"> {plan.title}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
