import { describe, expect, it } from 'vitest'
import { routeFlag, type RouteAlternative } from './route-flags'

const route = (overrides: Partial<RouteAlternative>): RouteAlternative => ({
  summary: 'O-4',
  warnings: [],
  legs: [{ distance: '52 km', duration: '55 mins', steps: [{ instructions: 'Head north' }] }],
  ...overrides,
})

describe('routeFlag', () => {
  it('flags toll roads from the summary or a step, only without warnings', () => {
    expect(routeFlag(route({ summary: 'Kuzey Marmara Otoyolu (Toll road)' }))).toEqual({
      kind: 'toll',
    })
    expect(
      routeFlag(
        route({
          legs: [{ distance: '', duration: '', steps: [{ instructions: 'Toll road ahead' }] }],
        }),
      ),
    ).toEqual({ kind: 'toll' })
    expect(routeFlag(route({ summary: 'Toll', warnings: ['Road works'] }))).toEqual({
      kind: 'warning',
      text: 'Road works',
    })
  })
  it('joins warnings and says nothing for a plain route', () => {
    expect(routeFlag(route({ warnings: ['Ferry', 'Closed at night'] }))).toEqual({
      kind: 'warning',
      text: 'Ferry, Closed at night',
    })
    expect(routeFlag(route({}))).toBeNull()
  })
})
