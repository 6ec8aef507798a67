import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/reports'
import { reportsPageData } from '~/staff/reports-page.server'
import { ReportBarChart } from '~/components/ops/report-chart'
import { PeriodDateField as DateField } from '~/components/ops/period-date-field'

export async function loader({ context, request }: Route.LoaderArgs) {
  return reportsPageData(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

/** One row of a report's table: its first cell heads the row. */
function ReportRow({ cells }: { cells: { text: string }[] }) {
  return (
    <tr>
      {cells.map((value, column) =>
        column === 0 ? (
          <th key={column} scope="row">
            {value.text}
          </th>
        ) : (
          <td key={column}>{value.text}</td>
        ),
      )}
    </tr>
  )
}

export default function OpsReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const page = loaderData
  // A plain GET form: the period is in the address, so a report can be linked and reloaded.
  return (
    <section className="ops-reports">
      <h1 id="ops-reports-title">{t('ops.reports.title')}</h1>
      <p>{t('ops.reports.lead')}</p>
      <form
        method="get"
        action="/ops/reports"
        className="ops-filters"
        aria-label={t('ops.reports.periodLabel')}
      >
        <DateField
          id="report-from"
          name="from"
          label={t('ops.reports.from')}
          value={page.form.from}
          error={page.errors.from}
        />
        <DateField
          id="report-to"
          name="to"
          label={t('ops.reports.to')}
          value={page.form.to}
          error={page.errors.to}
        />
        <div className="field">
          <label htmlFor="report-by">{t('ops.reports.groupBy')}</label>
          <select id="report-by" name="by" defaultValue={page.form.by}>
            {page.groupings.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('ops.reports.show')}
        </button>
      </form>
      {page.heading ? <h2 className="ops-reports__period">{page.heading}</h2> : null}
      <p className="field__hint">{t('ops.reports.countingRule')}</p>
      {page.sections.map((section) => (
        <section key={section.id}>
          <h3 id={`report-${section.id}-title`}>{section.caption}</h3>
          <p className="ops-board-tools">
            <a href={`/ops/reports/${section.id}.csv?${page.query}`} download>
              {t('ops.reports.csv', { section: section.caption })}
            </a>
          </p>
          {section.chart && section.rows.length > 0 ? (
            <ReportBarChart id={section.id} chart={section.chart} />
          ) : null}
          {section.rows.length === 0 ? (
            <p>{section.empty}</p>
          ) : (
            <div
              className="ops-table-wrap"
              role="region"
              aria-labelledby={`report-${section.id}-caption`}
              tabIndex={0}
            >
              <table className="ops-table ops-report-table" id={`report-${section.id}`}>
                <caption id={`report-${section.id}-caption`}>
                  {page.heading ? `${section.caption}: ${page.heading}` : section.caption}
                </caption>
                <thead>
                  <tr>
                    {section.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {section.rows.map((row, index) => (
                    <ReportRow key={index} cells={row} />
                  ))}
                </tbody>
                {section.footer.length ? (
                  <tfoot>
                    {section.footer.map((row, index) => (
                      <ReportRow key={index} cells={row} />
                    ))}
                  </tfoot>
                ) : null}
              </table>
            </div>
          )}
        </section>
      ))}
    </section>
  )
}
