import { OpsTable } from '~/components/ops/ops-table'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/price-draft'
import { draftAction, draftPageData } from '~/staff/price-pages.server'
import { AirportFares, ClassFigures, RuleFigures } from '~/components/ops/price-list-figures'
import {
  DispatchErrorSummary,
  DoneNotice,
  useDispatchErrorText,
} from '~/components/ops/dispatch-form'
import { TextField } from '~/forms/fields'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import { formatMoney } from '~/utils/format'

export async function loader({ context, request }: Route.LoaderArgs) {
  return draftPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return draftAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

type ActionData =
  | { result: SubmissionResult<string[]> }
  | { adjust: { error: string; typed: string } }
  | { publish: { error: string; date: string; time: string } }

/** The draft: its figures to change, the preview against the version in force, publishing. */
export default function OpsPriceDraft({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const page = loaderData
  const refusal = actionData as ActionData | undefined
  const text = useDispatchErrorText()
  const [form, fields] = useForm<Record<string, string>>({
    id: 'price-draft',
    lastResult: refusal && 'result' in refusal ? refusal.result : undefined,
    defaultValue: { ...page.values, note: page.note },
  })
  const typed = fields as unknown as Record<string, Parameters<typeof TextField>[0]['field']>
  const adjust = refusal && 'adjust' in refusal ? refusal.adjust : undefined
  const publish = refusal && 'publish' in refusal ? refusal.publish : undefined
  const euros = (cents: number) =>
    cents > 0
      ? formatMoney(cents / 100, 'EUR', i18n.language as 'en' | 'tr', { minimumFractionDigits: 2 })
      : '–'
  return (
    <section>
      <p>
        <a href="/ops/prices">{t('ops.prices.back')}</a>
      </p>
      <h1 id="ops-draft-title">{t('ops.prices.draftTitle', { id: page.id })}</h1>
      <p>{t('ops.prices.draftLead', { basedOn: page.basedOn ?? '–' })}</p>
      {page.saved && !refusal ? <DoneNotice>{t('ops.prices.saved')}</DoneNotice> : null}

      <Form
        method="post"
        reloadDocument
        className="ops-form ops-price-form"
        aria-labelledby="ops-draft-title"
        {...getFormProps(form, { ariaAttributes: false })}
      >
        <DispatchErrorSummary
          form={form}
          fields={['note', ...Object.keys(page.values)].map((name) => typed[name]!)}
        />
        <TextField
          field={typed.note!}
          label={t('ops.prices.note')}
          hint={t('ops.prices.noteHint')}
          autoComplete="off"
          text={text}
        />
        <ClassFigures
          source={{ fields: typed, values: page.values, text }}
          titles={page.classTitles}
          idPrefix="draft"
        />
        <RuleFigures source={{ fields: typed, values: page.values, text }} idPrefix="draft" />
        <AirportFares
          source={{ fields: typed, values: page.values, text }}
          places={page.places}
          titles={page.classTitles}
          idPrefix="draft"
        />
        <button type="submit" name="intent" value="save" className="button">
          {t('ops.prices.save')}
        </button>
      </Form>

      <h2 id="ops-adjust-title">{t('ops.prices.adjust.title')}</h2>
      <Form method="post" reloadDocument className="ops-form" aria-labelledby="ops-adjust-title">
        <div className="field">
          <label htmlFor="adjust-percent">{t('ops.prices.adjust.label')}</label>
          <input
            id="adjust-percent"
            name="adjustPercent"
            inputMode="decimal"
            autoComplete="off"
            className="ops-number"
            defaultValue={adjust?.typed ?? ''}
            aria-invalid={adjust ? true : undefined}
            aria-describedby={`adjust-percent-hint${adjust ? ' adjust-percent-error' : ''}`}
          />
          <p id="adjust-percent-hint" className="field__hint">
            {t('ops.prices.adjust.hint')}
          </p>
          {adjust ? (
            <p id="adjust-percent-error" className="field__error">
              {t(adjust.error)}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value="adjust" className="button button--ghost">
          {t('ops.prices.adjust.submit')}
        </button>
      </Form>

      <h2 id="ops-preview-title">{t('ops.prices.preview.title')}</h2>
      <p>{t('ops.prices.preview.lead', { inForce: page.inForceId })}</p>
      <OpsTable
        id="ops-preview-caption"
        caption={t('ops.prices.preview.caption')}
        className="ops-preview"
      >
        <thead>
          <tr>
            <th scope="col">{t('ops.prices.preview.search')}</th>
            {vehicleClassCodes.map((code) => (
              <th key={code} scope="col">
                {page.classTitles[code]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.preview.map((row) => (
            <tr key={row.id}>
              <th scope="row">{t(`ops.prices.samples.${row.id}`)}</th>
              {vehicleClassCodes.map((code) => {
                const changed = row.current[code] !== row.draft[code]
                return (
                  <td key={code} className={changed ? 'ops-preview__changed' : undefined}>
                    <span className="visually-hidden">{t('ops.prices.preview.now')} </span>
                    {euros(row.current[code])}
                    {changed ? (
                      <>
                        {' → '}
                        <span className="visually-hidden">{t('ops.prices.preview.draft')} </span>
                        <strong>{euros(row.draft[code])}</strong>
                      </>
                    ) : null}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </OpsTable>

      <h2 id="ops-publish-title">{t('ops.prices.publish.title')}</h2>
      <Form method="post" reloadDocument className="ops-form" aria-labelledby="ops-publish-title">
        <p id="publish-hint">{t('ops.prices.publish.hint')}</p>
        {publish ? (
          <p id="publish-error" className="field__error" role="alert">
            {t(publish.error)}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="publish-date">{t('ops.prices.publish.date')}</label>
          <input
            id="publish-date"
            name="date"
            type="date"
            defaultValue={publish?.date ?? page.publishDefaults.date}
            aria-invalid={publish ? true : undefined}
            aria-describedby={`publish-hint${publish ? ' publish-error' : ''}`}
          />
        </div>
        <div className="field">
          <label htmlFor="publish-time">{t('ops.prices.publish.time')}</label>
          <input
            id="publish-time"
            name="time"
            type="time"
            defaultValue={publish?.time ?? page.publishDefaults.time}
            aria-invalid={publish ? true : undefined}
            aria-describedby={`publish-hint${publish ? ' publish-error' : ''}`}
          />
        </div>
        <button type="submit" name="intent" value="publish" className="button">
          {t('ops.prices.publish.submit')}
        </button>
      </Form>

      <Form method="post" reloadDocument className="ops-form">
        <button type="submit" name="intent" value="discard" className="button button--ghost">
          {t('ops.prices.discard')}
        </button>
      </Form>
    </section>
  )
}
