/**
 * The geometry of the reports' bar charts, pure: figures in, bars and an axis
 * out, so the server draws them as SVG (readable without a script) and tests
 * can read the scale. Bars are horizontal: their labels (days, classes,
 * companies) stay readable however many there are and however narrow the page.
 */

export interface ChartBar {
  label: string
  value: number
  /** The figure as the table writes it ("€1,234.00", "4.6"). */
  valueText: string
}

export interface ChartTick {
  value: number
  /** Where it stands along the axis, from 0 (start) to 1 (end). */
  at: number
}

export interface ChartScale {
  /** The axis's end: a round number at or above the largest value. */
  max: number
  ticks: ChartTick[]
  /** Each bar's length, from 0 to 1 of the axis. */
  lengths: number[]
}

/**
 * The smallest "nice" number (1, 2, 2.5 or 5 times a power of ten) at or
 * above `value`, so the axis's ticks fall on round figures.
 */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value - power * 1e-9) return step * power
  }
  return 10 * power
}

/**
 * The axis and bar lengths for `bars`. A fixed `max` (the reviews' 5 stars)
 * keeps charts of one measure comparable; otherwise the axis ends at the
 * nice ceiling of the largest bar, with four equal steps (whole ones for a
 * count: no tick reads "0.25 rides").
 */
export function chartScale(
  bars: readonly ChartBar[],
  fixedMax?: number,
  options: { whole?: boolean } = {},
): ChartScale {
  const largest = Math.max(0, ...bars.map((bar) => bar.value))
  const max = fixedMax ?? niceCeiling(Math.max(largest, options.whole ? 1 : 0))
  // Counts (`whole`) and a small fixed scale get a tick per unit up to ten;
  // above that, a count's four or five steps that fall on whole numbers.
  const steps =
    (fixedMax !== undefined || options.whole) && Number.isInteger(max) && max <= 10
      ? max
      : options.whole && max % 4 !== 0
        ? 5
        : 4
  const ticks = Array.from({ length: steps + 1 }, (_, index) => ({
    value: (max / steps) * index,
    at: index / steps,
  }))
  // To a ten-thousandth: finer than a drawing shows, and free of float noise.
  const lengths = bars.map(
    (bar) => Math.round(Math.min(1, Math.max(0, bar.value / max)) * 10_000) / 10_000,
  )
  return { max, ticks, lengths }
}
