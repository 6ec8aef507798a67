/** The parts of a maps directions route that the route flags read. */
export interface RouteAlternative {
  summary: string
  warnings: string[]
  legs: { distance: string; duration: string; steps: { instructions: string }[] }[]
}

export type RouteFlag = { kind: 'toll' } | { kind: 'warning'; text: string }

/**
 * The route flags: warnings show as 'Warning: …' joined;
 * with no warnings, a summary or step mentioning toll means 'Likely includes
 * toll roads'.
 */
export function routeFlag(route: RouteAlternative): RouteFlag | null {
  if (route.warnings.length) return { kind: 'warning', text: route.warnings.join(', ') }
  const texts = [
    route.summary,
    ...route.legs.flatMap((leg) => leg.steps.map((step) => step.instructions)),
  ]
  return texts.some((text) => /toll/i.test(text)) ? { kind: 'toll' } : null
}
