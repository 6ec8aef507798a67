import { data } from 'react-router'

/**
 * The one way a loader or action says "no such page": it throws React Router's
 * 404 error response, which the root's error screen shows as the site's
 * not-found page (a route with its own boundary may show `message` instead).
 * It says nothing about why, so it reveals nothing about what exists.
 */
export function notFound(message?: string): never {
  throw data(message ?? null, { status: 404, statusText: 'Not Found' })
}
