import { useTranslation } from '~/i18n/use-translation'
import type { ReportChart } from '~/staff/reports-page.server'

/** The drawing's units: the SVG scales to its box, its text with it (never below its min-width). */
const LABEL_WIDTH = 240
const BAR_AREA = 400
const VALUE_ROOM = 150
const ROW = 30
const BAR = 18
const AXIS = 34
const WIDTH = LABEL_WIDTH + BAR_AREA + VALUE_ROOM

/**
 * A report section's bar chart, drawn on the server as SVG: readable without
 * a script, printed as it is seen. It is one image to a screen reader, named
 * by its title and pointing to the table beside it, which holds every figure
 * (and is what the CSV exports).
 */
export function ReportBarChart({ id, chart }: { id: string; chart: ReportChart }) {
  const { t } = useTranslation()
  const height = chart.bars.length * ROW + AXIS
  const titleId = `chart-${id}-title`
  const descId = `chart-${id}-desc`
  return (
    <figure className="ops-chart">
      {/* Scrolled sideways on a narrow screen: reachable by keyboard, named like the chart. */}
      <div className="ops-chart__frame" role="region" aria-label={chart.title} tabIndex={0}>
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          className="ops-chart__svg"
        >
          <title id={titleId}>{chart.title}</title>
          <desc id={descId}>{t('ops.reports.charts.tableBeside')}</desc>
          {chart.ticks.map((tick) => {
            const x = LABEL_WIDTH + tick.at * BAR_AREA
            return (
              <g key={tick.at} className="ops-chart__tick">
                <line x1={x} x2={x} y1={0} y2={height - AXIS + 6} />
                <text x={x} y={height - AXIS + 22} textAnchor="middle">
                  {tick.label}
                </text>
              </g>
            )
          })}
          {chart.bars.map((bar, index) => {
            const y = index * ROW + (ROW - BAR) / 2
            const length = Math.max(bar.length * BAR_AREA, bar.length > 0 ? 2 : 0)
            return (
              <g key={index} className="ops-chart__bar">
                <text
                  x={LABEL_WIDTH - 10}
                  y={y + BAR / 2}
                  textAnchor="end"
                  dominantBaseline="central"
                >
                  {bar.label}
                </text>
                <rect x={LABEL_WIDTH} y={y} width={length} height={BAR} rx={3} />
                <text
                  x={LABEL_WIDTH + length + 8}
                  y={y + BAR / 2}
                  dominantBaseline="central"
                  className="ops-chart__value"
                >
                  {bar.valueText}
                </text>
              </g>
            )
          })}
        </svg>
      </div>
      <figcaption className="visually-hidden">{chart.title}</figcaption>
    </figure>
  )
}
