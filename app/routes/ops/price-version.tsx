import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/price-version'
import { priceVersionPageData } from '~/staff/price-pages.server'
import { AirportFares, ClassFigures, RuleFigures } from '~/components/ops/price-list-figures'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return priceVersionPageData(context, request, params.id)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

/** One version's figures, read-only: what was (or will be) sold at. */
export default function OpsPriceVersion({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  const source = { values: page.values }
  return (
    <section>
      <p>
        <a href="/ops/prices">{t('ops.prices.back')}</a>
      </p>
      <h1>{t('ops.prices.versionTitle', { id: page.id })}</h1>
      <p>
        {t(`ops.prices.statuses.${page.status === 'published' ? 'published' : page.status}`)}
        {page.appliesFrom ? ` · ${t('ops.prices.appliesFromOn', { at: page.appliesFrom })}` : ''}
      </p>
      {page.note ? <p>{page.note}</p> : null}
      <ClassFigures source={source} idPrefix="version" />
      <RuleFigures source={source} idPrefix="version" />
      <AirportFares source={source} places={page.places} idPrefix="version" />
    </section>
  )
}
